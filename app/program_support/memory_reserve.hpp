#pragma once
// Out of memory without an abort (issue 40): nlohmann's json destructors allocate while they take
// a large document apart, so a std::bad_alloc while a report is built used to end in a second one
// during the unwinding, inside a destructor, and std::terminate (exit 134, outputs lost).

namespace ts::app {

// Holds a block of memory back: an allocation that fails while no exception is on its way throws
// std::bad_alloc as always (the caller says "out of memory" and writes what it finished); one that
// fails during the unwinding that follows is served from the block, so the destructors finish.
// (This file replaces the global operator new and delete to do so.)
void holdMemoryReserve();

// After an out-of-memory error was handled: holds the block where it could not be had before (it
// is given back whole by itself once nothing taken from it is alive).
void rearmMemoryReserve();

}  // namespace ts::app
