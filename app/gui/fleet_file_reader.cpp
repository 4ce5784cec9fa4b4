#include "fleet_file_reader.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <exception>

#include "fleet/compare.hpp"
#include "fleet/fleet_report.hpp"

namespace ts::gui {
namespace {

// The engine's messages start with the path; the dialog names the file on its own.
QString problemOf(const std::exception& e, const QString& path) {
    QString message = QString::fromStdString(e.what());
    const QString prefix = path + QStringLiteral(": ");
    if (message.startsWith(prefix)) message = message.mid(prefix.size());
    return message;
}

// A folder stands for the *.json files directly in it, in name order (as toposcope-cli compare).
QStringList expandFolders(const QStringList& paths, FleetReadResult& result) {
    QStringList files;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.isDir()) {
            files << path;
            continue;
        }
        const QDir dir(path);
        const QStringList inside = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        if (inside.isEmpty()) {
            result.file = path;
            result.problem = QCoreApplication::translate("ts::gui::FleetLoad", "the folder holds no .json file");
            return {};
        }
        for (const QString& name : inside) files << dir.filePath(name);
    }
    return files;
}

}  // namespace

FleetReadResult readFleetFiles(const QStringList& given) {
    FleetReadResult result;
    if (given.isEmpty()) {
        result.problem = QCoreApplication::translate("ts::gui::FleetLoad", "no files given");
        return result;
    }
    const QStringList paths = expandFolders(given, result);
    if (!result.ok()) return result;
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
    result.data = fleet::compare(members);
    return result;
}

}  // namespace ts::gui
