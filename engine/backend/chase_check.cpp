#include "backend/chase_check.hpp"

#include <numeric>
#include <sstream>
#include <string>

#include "model/byte_text.hpp"

namespace ts {
namespace {

// What memory a space reads: a sameArray second chaser must read the main chaser's.
enum class Memory { Device, Constant, Scratchpad };

Memory memoryOf(Space s) {
    switch (s) {
        case Space::Constant: return Memory::Constant;
        case Space::Shared: case Space::Lds: return Memory::Scratchpad;
        default: return Memory::Device;
    }
}

// Saturating a x b: the rules compare it with limits far below 2^64.
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) return std::numeric_limits<std::uint64_t>::max();
    return a * b;
}

class Checker {
public:
    Checker(const ChaseRequest& r, const ChaseLimits& limits) : r_(r), lim_(limits) {}

    void check() const {
        checkMain();
        if (r_.second) checkSecond();
        checkLoads();
    }

private:
    [[noreturn]] void fail(const std::string& problem) const {
        throw BackendError(lim_.backend + ": " + problem + " in " + describeChase(r_));
    }

    void checkArray(const std::string& who, Space space, std::uint64_t bytes, std::uint64_t strideBytes,
                    std::uint64_t limit) const {
        if (!lim_.supports(space)) fail(who + "space '" + std::string(toString(space)) + "' is not supported");
        if (bytes < 4 || bytes % 4 != 0) fail(who + "array of " + std::to_string(bytes) + " B: a positive multiple of 4 is needed");
        if (strideBytes < 4 || strideBytes % 4 != 0)
            fail(who + "stride of " + std::to_string(strideBytes) + " B: a positive multiple of 4 is needed");
        if (strideBytes > bytes) fail(who + "stride of " + std::to_string(strideBytes) + " B exceeds the array");
        if (bytes > limit)
            fail(who + std::string(toString(space)) + " array of " + bytesText(bytes) + " exceeds the " + bytesText(limit) +
                 " one chaser can walk in this space");
    }

    void checkUnit(const std::string& who, int unit, bool anyAllowed) const {
        if ((anyAllowed && unit == -1) || (unit >= 0 && unit < lim_.units)) return;
        fail(who + "unit " + std::to_string(unit) + " out of range (0.." + std::to_string(lim_.units - 1) +
             (anyAllowed ? ", or -1 for any" : "") + ")");
    }

    void checkMain() const {
        checkArray("", r_.space, r_.arrayBytes, r_.strideBytes, lim_.maxArrayBytes(r_.space));
        checkUnit("", r_.unit, true);
        if (r_.recordLoads < lim_.minRecordLoads || r_.recordLoads > lim_.maxRecordLoads)
            fail(std::to_string(r_.recordLoads) + " timed loads requested (" + std::to_string(lim_.minRecordLoads) + ".." +
                 std::to_string(lim_.maxRecordLoads) + ")");
        if (r_.recordEvery == 0) fail("recordEvery must be at least 1");
        if ((r_.blockWarmup || r_.permutationStepBytes) && !lim_.allowsBlockAccess(r_.space))
            fail("a block warm-up or a scattered permutation is not available in space '" +
                 std::string(toString(r_.space)) + "'");
        if (r_.storeWarmup && (!r_.blockWarmup || r_.permutationStepBytes))
            fail("a store warm-up is a block warm-up of the plain chain (no permutation)");
        const std::uint64_t step = r_.permutationStepBytes;
        if (step && (step % r_.strideBytes != 0 || step >= r_.arrayBytes || r_.arrayBytes % r_.strideBytes != 0 ||
                     std::gcd(step / r_.strideBytes, r_.arrayBytes / r_.strideBytes) != 1))
            fail("the permutation step must be a multiple of the stride, below the array, its count of strides "
                 "co-prime with the array's");
    }

    void checkSecond() const {
        const SecondChaser& s = *r_.second;
        const SecondArray a = secondArrayOf(r_);
        std::uint64_t limit = lim_.maxArrayBytes(s.space);
        if (s.space == Space::Constant && !s.sameArray) limit = std::max(limit, lim_.secondConstantBytes);
        checkArray("second chaser: ", s.space, a.bytes, a.strideBytes, limit);
        if (s.sameArray) {
            if (memoryOf(s.space) != memoryOf(r_.space))
                fail("a sameArray second chaser in '" + std::string(toString(s.space)) + "' cannot reach the main array in '" +
                     std::string(toString(r_.space)) + "'");
            if (memoryOf(s.space) == Memory::Scratchpad && s.placement == Placement::OtherUnit)
                fail("a sameArray second chaser cannot reach another unit's scratchpad");
            if (a.bytes > r_.arrayBytes) fail("second chaser: sameArray, but its array is larger than the main one");
        }
        switch (s.placement) {
            case Placement::SameThread: break;
            case Placement::OtherWarp:
                if (s.warp < lim_.firstOtherWarp || s.warp >= lim_.warpsPerBlock)
                    fail("second chaser: warp " + std::to_string(s.warp) + " out of range (" +
                         std::to_string(lim_.firstOtherWarp) + ".." + std::to_string(lim_.warpsPerBlock - 1) + ")");
                break;
            case Placement::OtherUnit:
                checkUnit("second chaser: ", s.unit, false);
                if (lim_.otherUnitOnPinnedQueues && (r_.unit < 0 || s.unit == r_.unit))
                    fail("a second chaser on another unit needs the main chaser on a given unit, not the second's");
                break;
        }
        if (s.blockRead && (s.placement != Placement::OtherUnit || !lim_.allowsBlockAccess(s.space)))
            fail("a block-read second chaser needs another unit (OtherUnit) and a space a block can read");
        if (!s.sameArray && s.placement != Placement::OtherUnit && memoryOf(s.space) == Memory::Scratchpad &&
            memoryOf(r_.space) == Memory::Scratchpad &&
            r_.arrayBytes + a.bytes > lim_.scratchpadBytesPerBlock)
            fail("the two scratchpad arrays exceed the " + bytesText(lim_.scratchpadBytesPerBlock) + " one block has");
    }

    void checkLoads() const {
        const std::uint64_t perPass = loadsPerPass(r_.arrayBytes, r_.strideBytes);
        if (!r_.blockWarmup && times(r_.warmupPasses, perPass) > lim_.maxWalkLoads)
            fail("a warm-up of " + std::to_string(times(r_.warmupPasses, perPass)) + " loads (at most " +
                 std::to_string(lim_.maxWalkLoads) + ")");
        if (times(r_.recordLoads, r_.recordEvery) > lim_.maxWalkLoads)
            fail("a timed pass of " + std::to_string(times(r_.recordLoads, r_.recordEvery)) + " loads (at most " +
                 std::to_string(lim_.maxWalkLoads) + ")");
        if (r_.second && !r_.second->blockRead) {
            const SecondArray a = secondArrayOf(r_);
            const std::uint64_t loads = times(r_.second->passes, loadsPerPass(a.bytes, a.strideBytes));
            if (loads > lim_.maxWalkLoads)
                fail("a second chaser of " + std::to_string(loads) + " loads (at most " + std::to_string(lim_.maxWalkLoads) + ")");
        }
        const std::uint64_t total = totalLoadsOf(r_);
        if (total > lim_.maxTotalLoads)
            fail("the request needs " + std::to_string(total) + " loads (at most " + std::to_string(lim_.maxTotalLoads) + ")");
    }

    const ChaseRequest& r_;
    const ChaseLimits& lim_;
};

}  // namespace

std::uint64_t loadsPerPass(std::uint64_t size, std::uint64_t stride) { return stride == 0 ? 0 : (size + stride - 1) / stride; }

std::uint32_t walkLoads(std::uint64_t passes, std::uint64_t size, std::uint64_t stride) {
    return static_cast<std::uint32_t>(passes * loadsPerPass(size, stride));
}

std::string describeChase(const ChaseRequest& r) {
    std::ostringstream out;
    out << toString(r.space) << " chase of " << r.arrayBytes << " B, stride " << r.strideBytes << " B, unit " << r.unit;
    return out.str();
}

SecondArray secondArrayOf(const ChaseRequest& r) {
    if (!r.second) return {};
    const SecondChaser& s = *r.second;
    if (!s.sameArray) return {s.arrayBytes, s.strideBytes ? s.strideBytes : r.strideBytes};
    return {s.arrayBytes ? s.arrayBytes : r.arrayBytes, s.strideBytes ? s.strideBytes : r.strideBytes};
}

std::uint64_t totalLoadsOf(const ChaseRequest& r) {
    std::uint64_t loads = times(r.recordLoads, r.recordEvery);
    loads += times(r.warmupPasses, loadsPerPass(r.arrayBytes, r.strideBytes));
    if (r.second) {
        const SecondArray a = secondArrayOf(r);
        loads += times(r.second->passes, loadsPerPass(a.bytes, a.strideBytes));
    }
    return loads;
}

void checkChaseRequest(const ChaseRequest& request, const ChaseLimits& limits) { Checker(request, limits).check(); }

}  // namespace ts
