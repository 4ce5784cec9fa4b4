#include "view_support/saved_file.hpp"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>

#include "io/output_file.hpp"

namespace ts::gui {

bool saveFile(const QString& path, const QByteArray& bytes, QString* error) {
    try {
        writeOutputFile(path.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

bool saveImage(const QString& path, const QImage& image, QString* error) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const QByteArray format = QFileInfo(path).suffix().toLower().toLatin1();
    if (image.isNull() || !image.save(&buffer, format.isEmpty() ? "png" : format.constData())) {
        if (error) *error = QCoreApplication::translate("ts::gui", "%1: cannot encode the image").arg(path);
        return false;
    }
    return saveFile(path, bytes, error);
}

}  // namespace ts::gui
