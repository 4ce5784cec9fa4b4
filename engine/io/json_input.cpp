#include "io/json_input.hpp"

#include <iterator>
#include <utility>
#include <vector>

#include "io/input_error.hpp"
#include "io/input_file.hpp"

namespace ts {
namespace {

using nlohmann::json;

// Where the parser is: the line and column of the last byte it took, and of the one before (a
// number's last digit, when the parser has looked one byte past it).
struct Position {
    std::uint64_t line = 1, column = 0;
    std::uint64_t lineBefore = 1, columnBefore = 0;
    bool blank = true;  // nothing but white space so far
    void advance(int c) {
        lineBefore = line, columnBefore = column;
        if (c == '\n') ++line, column = 0;
        else ++column;
        blank = blank && (c == ' ' || c == '\t' || c == '\r' || c == '\n');
    }
};

class TextSource {
public:
    explicit TextSource(std::string_view text) : text_(text) {}
    int get() { return next_ < text_.size() ? static_cast<unsigned char>(text_[next_++]) : -1; }

private:
    std::string_view text_;
    std::size_t next_ = 0;
};

struct NulByte {};

// An input iterator over a byte source, so nlohmann parses while the source is read. It takes
// a byte only when the parser asks for it, so the position is the parser's.
template <typename Source>
class SourceIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = char;

    SourceIterator() = default;  // the end
    SourceIterator(Source& source, Position& position) : source_(&source), position_(&position) {}

    char operator*() const {
        peek();
        return static_cast<char>(current_);
    }
    SourceIterator& operator++() {
        peek();
        fetched_ = false;
        return *this;
    }
    SourceIterator operator++(int) {
        SourceIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const SourceIterator& other) const { return atEnd() == other.atEnd(); }
    bool operator!=(const SourceIterator& other) const { return !(*this == other); }

private:
    bool atEnd() const {
        if (!source_) return true;
        peek();
        return current_ < 0;
    }
    void peek() const {
        if (fetched_) return;
        current_ = source_->get();
        if (current_ >= 0) position_->advance(current_);
        fetched_ = true;
        // nlohmann's lexer takes a NUL byte for the end of the text and would accept anything
        // after it; no JSON text holds one (a string escapes it as \u0000).
        if (current_ == 0) throw NulByte{};
    }

    Source* source_ = nullptr;
    Position* position_ = nullptr;
    mutable int current_ = -1;
    mutable bool fetched_ = false;
};

struct TooDeep {};

// nlohmann's messages read "[json.exception.parse_error.101] parse error at line 1, column 5:
// syntax error ... last read: '<token>'" (its position counts the byte it put back) or
// "[json.exception.out_of_range.406] number overflow parsing '1e400'": the library's code goes,
// the token is cut.
std::string problemOf(const json::exception& e) {
    std::string what = e.what();
    if (auto pos = what.find("] "); pos != std::string::npos) what.erase(0, pos + 2);
    if (what.rfind("parse error ", 0) == 0) what.erase(0, 12);  // "at line 1, column 5: ..."
    if (what.rfind("number overflow parsing ", 0) == 0)
        what = "number out of range (beyond a double): " + what.substr(24);
    return cutForMessage(what, 160);
}

template <typename Source>
json parseFrom(Source& source, const std::string& origin, int maxDepth) {
    Position position;
    const json::parser_callback_t limitDepth = [maxDepth](int depth, json::parse_event_t event, json&) {
        if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
            depth >= maxDepth)
            throw TooDeep{};
        return true;
    };
    auto at = [](std::uint64_t line, std::uint64_t column) {
        return "line " + std::to_string(line) + ", column " + std::to_string(column);
    };
    try {
        return json::parse(SourceIterator<Source>(source, position), SourceIterator<Source>(), limitDepth);
    } catch (const NulByte&) {
        throw InputError(origin + ": " + at(position.line, position.column) +
                         ": a NUL byte (no JSON text holds one: a damaged or binary file)");
    } catch (const TooDeep&) {
        throw InputError(origin + ": " + at(position.line, position.column) + ": nested deeper than " +
                         std::to_string(maxDepth) + " levels (no real file nests so deep)");
    } catch (const json::exception& e) {
        if (position.blank) throw InputError(origin + ": empty, no JSON text");
        if (dynamic_cast<const json::parse_error*>(&e)) throw InputError(origin + ": not valid JSON " + problemOf(e));
        // A number is known to be out of range once the byte after it was read.
        throw InputError(origin + ": " + at(position.lineBefore, position.columnBefore) + ": " + problemOf(e));
    }
}

}  // namespace

json parseJsonText(std::string_view text, const std::string& origin, int maxDepth) {
    TextSource source(text);
    return parseFrom(source, origin, maxDepth);
}

json readJsonInput(const std::string& path, std::uint64_t maxBytes, std::string_view what, int maxDepth) {
    InputFile file(path, maxBytes, what);
    return parseFrom(file, path, maxDepth);
}

std::string describeJson(const json& value, std::size_t maxChars) {
    switch (value.type()) {
        case json::value_t::object:
            return value.empty() ? "{}" : "an object with " + std::to_string(value.size()) + " key(s)";
        case json::value_t::array:
            return value.empty() ? "[]" : "an array of " + std::to_string(value.size()) + " element(s)";
        case json::value_t::string: {
            std::string text(1, '"');
            text += cutForMessage(value.get_ref<const std::string&>(), maxChars);
            return text += '"';
        }
        case json::value_t::binary: return "binary data";
        default: return cutForMessage(value.dump(), maxChars);  // a number, true, false, null
    }
}

int jsonDepth(const json& value, int limit) {
    int deepest = 0;
    std::vector<std::pair<const json*, int>> pending{{&value, 0}};
    while (!pending.empty()) {
        const auto [v, depth] = pending.back();
        pending.pop_back();
        if (!v->is_structured()) continue;
        const int level = depth + 1;
        if (level > deepest) deepest = level;
        if (deepest > limit) return deepest;
        for (const auto& child : *v) pending.emplace_back(&child, level);
    }
    return deepest;
}

const nlohmann::json& memberOr(const nlohmann::json& object, const char* key, const nlohmann::json& fallback) {
    if (!object.is_object()) return fallback;
    const auto found = object.find(key);
    return found == object.end() ? fallback : *found;
}

const nlohmann::json& emptyJsonArray() {
    static const nlohmann::json empty = nlohmann::json::array();
    return empty;
}

const nlohmann::json& emptyJsonObject() {
    static const nlohmann::json empty = nlohmann::json::object();
    return empty;
}

}  // namespace ts
