#include "program_support/memory_reserve.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <new>
#include <string_view>

#include <unistd.h>

#include "io/output_file.hpp"
#include "run/exit_status.hpp"

namespace ts::app {
namespace {

// Room for the destructors: nlohmann's json asks 16 bytes an element to take an array apart (4 MiB
// for a series row of 262144 latencies).
constexpr std::size_t kReserveBytes = 16u << 20;

// The held block, handed out from its start to allocations that fail while an exception unwinds
// (never given back one by one: the unwinding frees far more than it takes here).
struct Reserve {
    char* base = nullptr;
    std::atomic<std::size_t> used{0};
    bool armed = false;

    bool owns(const void* p) const { return base && p >= base && p < base + kReserveBytes; }
    // An allocation that failed: served while an exception unwinds (a destructor asks), and outside
    // one from the first half of the block (the failure may be in a destructor too: nlohmann's json
    // reserves room for a large array's elements while it takes it apart). Null: throw, leaving the
    // second half to the unwinding that follows.
    void* rescue(std::size_t bytes) {
        if (!armed) return nullptr;
        if (std::uncaught_exceptions() == 0 && used.load() + bytes > kReserveBytes / 2) return nullptr;
        return take(bytes);
    }
    void* take(std::size_t bytes) {
        const std::size_t aligned = (bytes + alignof(std::max_align_t) - 1) & ~(alignof(std::max_align_t) - 1);
        if (used.load() + aligned > kReserveBytes) return nullptr;
        const std::size_t start = used.fetch_add(aligned);
        ++live;
        return base + start;
    }
    // The block is handed out from its start and given back whole once nothing taken is alive
    // (a destructor's vector goes as soon as the array is apart).
    void giveBack() {
        if (--live == 0) used = 0;
    }

    std::atomic<std::size_t> live{0};
};
Reserve reserve;

// The last resort when the reserve was not enough (or could not be had: a limit below 16 MiB): a
// std::bad_alloc that reaches std::terminate (out of a destructor) ends the program as any other
// out-of-memory error, exit 1 "out of memory", not an abort. What was finished is already in its
// file: outputs are renamed into place whole and sessions written record by record; an output that
// was being written stays behind as NAME.xxxxxxxx.part, which the next writer of NAME removes, and
// an output claimed but not yet written is removed as the normal end removes it.
std::terminate_handler previousTerminate = nullptr;

[[noreturn]] void terminateOutOfMemory() {
    if (std::exception_ptr current = std::current_exception()) {
        try {
            std::rethrow_exception(current);
        } catch (const std::bad_alloc&) {
            ts::removeOutputPlaceholders();
            constexpr std::string_view message = "error: out of memory\n";
            [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message.data(), message.size());
            ::_exit(ts::kExitRunFailed);
        } catch (...) {
        }
    }
    if (previousTerminate) previousTerminate();
    std::abort();
}

}  // namespace

void holdMemoryReserve() {
    if (std::get_terminate() != terminateOutOfMemory) previousTerminate = std::set_terminate(terminateOutOfMemory);
    rearmMemoryReserve();
}

void rearmMemoryReserve() {
    if (!reserve.base) reserve.base = static_cast<char*>(std::malloc(kReserveBytes));
    reserve.armed = reserve.base != nullptr;
}

}  // namespace ts::app

// Under AddressSanitizer its own allocator serves new and delete (and reports a failure): the
// replacement stays out of those builds.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TOPOSCOPE_SANITIZED_ALLOCATOR 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TOPOSCOPE_SANITIZED_ALLOCATOR 1
#endif

#ifndef TOPOSCOPE_SANITIZED_ALLOCATOR
// operator new as the standard says (malloc, the new-handler, std::bad_alloc), with one change: an
// allocation that fails may be served from the reserve (Reserve::rescue), because it may come from
// a destructor (nlohmann's json takes a document apart into a vector) and a std::bad_alloc there
// is std::terminate.
void* operator new(std::size_t bytes) {
    using ts::app::reserve;
    if (bytes == 0) bytes = 1;
    for (;;) {
        if (void* p = std::malloc(bytes)) return p;
        if (void* p = reserve.rescue(bytes)) return p;
        if (std::new_handler handler = std::get_new_handler()) handler();
        else throw std::bad_alloc();
    }
}

void* operator new[](std::size_t bytes) { return ::operator new(bytes); }

void operator delete(void* p) noexcept {
    if (ts::app::reserve.owns(p)) ts::app::reserve.giveBack();
    else std::free(p);
}

void operator delete[](void* p) noexcept { ::operator delete(p); }
void operator delete(void* p, std::size_t) noexcept { ::operator delete(p); }
void operator delete[](void* p, std::size_t) noexcept { ::operator delete(p); }
#endif
