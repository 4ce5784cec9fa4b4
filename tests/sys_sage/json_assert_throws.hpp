#pragma once
// Force-included into the sys-sage readers: a missing key makes nlohmann's const operator[] assert
// (or, without assertions, read past the end); here it throws, so the test names the file instead
// of aborting or misreading.
#include <stdexcept>

#define JSON_ASSERT(x) ((x) ? static_cast<void>(0) : throw std::out_of_range("sys-sage read a missing key: " #x))
