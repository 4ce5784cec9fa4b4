#pragma once
// The line of text under a drawn map (the CU-sharing map, the SM layout): as wide as its widget
// less the margins, as high as its text wraps to, right under what is drawn (`top`) but never
// past the widget's bottom edge.
class QLabel;

namespace ts::gui {

void placeInfoLabel(QLabel& label, int top);

}  // namespace ts::gui
