// The object that carries the test binaries' shared precompiled header (tests/CMakeLists.txt).
