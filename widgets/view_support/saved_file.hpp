#pragma once
// Every file the window writes (PDF sheets, diagrams, plots, screenshots) is rendered into memory
// and written by the engine's one output writer (io/output_file.hpp): no link followed, a unique
// temporary file synced and renamed, every write checked. Errors name the file.
#include <QByteArray>
#include <QString>

class QImage;

namespace ts::gui {

// Writes `bytes` to `path`; false and `error` (the file and the cause) when it fails.
bool saveFile(const QString& path, const QByteArray& bytes, QString* error = nullptr);

// Encodes `image` in the format `path`'s suffix names (png, jpg, ...) and saves it with saveFile.
bool saveImage(const QString& path, const QImage& image, QString* error = nullptr);

}  // namespace ts::gui
