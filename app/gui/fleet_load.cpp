#include "fleet_load.hpp"

#include <QCoreApplication>

#include <exception>

#include "fleet/fleet_report.hpp"
#include "fleet_convert.hpp"

namespace ts::gui {
namespace {

// The engine's messages start with the path; the dialog names the file on its own.
QString problemOf(const std::exception& e, const QString& path) {
    QString message = QString::fromStdString(e.what());
    const QString prefix = path + QStringLiteral(": ");
    if (message.startsWith(prefix)) message = message.mid(prefix.size());
    return message;
}

}  // namespace

FleetLoadResult loadFleet(const QStringList& paths) {
    FleetLoadResult result;
    if (paths.isEmpty()) {
        result.problem = QCoreApplication::translate("ts::gui::FleetLoad", "no files given");
        return result;
    }
    std::vector<fleet::FleetMember> members;
    for (const QString& path : paths) {
        try {
            for (auto& m : fleet::readMembers(path.toStdString())) members.push_back(std::move(m));
        } catch (const std::exception& e) {  // InputError, or anything a broken file provokes
            result.file = path;
            result.problem = problemOf(e, path);
            return result;
        }
    }
    result.data = toFleetData(members);
    return result;
}

}  // namespace ts::gui
