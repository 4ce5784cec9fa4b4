#pragma once
// Every QTest class of toposcope_gui_tests registers itself here; main() runs them all.
#include <QObject>

#include <functional>
#include <memory>
#include <vector>

namespace ts::gui::test {

using Factory = std::function<std::unique_ptr<QObject>()>;
std::vector<Factory>& suites();

struct Registration {
    explicit Registration(Factory f) { suites().push_back(std::move(f)); }
};

}  // namespace ts::gui::test

#define TS_GUI_TEST(Class) \
    static const ts::gui::test::Registration registration##Class([] { return std::make_unique<Class>(); });
