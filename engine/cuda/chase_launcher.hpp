// Turns ChaseRequests into launches of the chase kernel: validation, grouping of a batch into
// launches (one block per request, distinct SMs), array placement in the shared arena, on-device
// initialisation, constant-bank uploads, the L2 flush before cold chases, the extra constant
// modules for large constant second chasers, result checks and placement retries.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "backend/backend.hpp"
#include "backend/chase_limits.hpp"
#include "chase_abi.hpp"
#include "cuda/gpu_context.hpp"

namespace ts::cuda {

class ChaseLauncher {
public:
    explicit ChaseLauncher(GpuContext& ctx) : ctx_(ctx), limits_(limitsOf(ctx)) {}

    bool supports(Space space) const { return limits_.supports(space); }
    std::uint64_t maxArrayBytes(Space space) const { return limits_.maxArrayBytes(space); }
    std::vector<ChaseResult> run(const std::vector<ChaseRequest>& requests);
    std::vector<std::uint32_t> timerOverhead(int samples);
    // The arena was overwritten (bandwidth runs): initialised arrays are gone.
    void forgetArrays() { initialized_.clear(); }

    // A request after validation, in the kernel's terms.
    struct Plan {
        std::size_t request = 0;
        std::uint32_t space = 0;
        std::uint32_t elems = 0, stride = 0;
        std::uint32_t warmupLoads = 0, recordLoads = 0, recordEvery = 1;
        std::uint32_t blockWarmupPasses = 0;  // passes the whole block reads (ChaseRequest::blockWarmup)
        bool blockWarmupStores = false;       // ... or writes (ChaseRequest::storeWarmup)
        std::uint32_t warmStride = 1;         // elements between two the block warm-up reads (the request's stride)
        bool cold = false;
        int unit = -1;                        // logical; -1 until placed
        std::uint32_t mode = cudak::kNoSecond;
        std::uint32_t secondSpace = 0;
        std::uint32_t secondElems = 0, secondStride = 0, secondLoads = 0, secondDelta = 0;
        std::uint32_t secondWarp = 0;
        int secondUnit = -1;                  // OtherUnit: logical
        bool sameArray = false;
        std::uint32_t secondBlockPasses = 0;  // SecondChaser::blockRead: passes its whole block reads
        std::uint32_t timesOffset = 0, secondSharedOffset = 0;
        std::size_t smemBytes = 0;            // dynamic shared memory this job needs
        std::uint32_t externalRounds = 0;     // module sweeps the constant second chaser needs
        std::uint64_t placementOffset = 0;    // ChaseRequest::placementOffsetBytes
        double estimateSeconds = 0;
        bool mainInArena() const;
        bool secondInArena() const;
        // Stride of the chase array in constant bank 0 (the chase kernel's own bank), -1 if unused.
        std::int64_t bank0Stride() const;
    };

private:
    Plan plan(const ChaseRequest& r, std::size_t index) const;
    static ChaseLimits limitsOf(const GpuContext& ctx);
    // Fills the second chaser's part of `p`; returns the words of a local shared array it needs.
    std::uint64_t planSecondChaser(const ChaseRequest& r, Plan& p) const;
    void planSharedMemory(const ChaseRequest& r, Plan& p, std::uint64_t localSharedWords) const;
    void runGroup(std::vector<Plan>& group, std::vector<ChaseResult>& out);
    // One launch; returns the indices (into group) of jobs whose blocks missed their SM.
    std::vector<std::size_t> launchOnce(std::vector<Plan>& group, unsigned gridFactor, std::vector<ChaseResult>& out,
                                        std::string& failure);

    // What a launch stages besides the jobs: where each array lies in the arena, the arrays and
    // constant banks to (re)initialise, and the launch-wide needs of its jobs.
    struct Staging {
        std::vector<std::size_t> mainOff, secondOff;
        std::vector<cudak::InitRegion> regions;
        std::uint32_t maxInitElems = 0;
        std::int64_t bank0Stride = -1, moduleStride = -1;
        std::uint32_t modulesNeeded = 0, maxRounds = 0;
        bool anyCold = false, anyExternal = false, uploadBank0 = false, uploadModules = false;
        unsigned maxWarp = 0;
        std::size_t smem = 0;
        double estimate = 0;
    };
    // The job table, the SM role tables and the texture handles, as the kernel reads them.
    struct JobTables {
        std::vector<cudak::ChaseJob> jobs;
        std::vector<int> roleTable, moduleTable;
        std::uint32_t resultWords = 0;  // headers and latencies
        std::uint64_t texHandles[cudak::kTexSlots] = {};
    };
    // Offsets in the device's I/O buffer (the same in its host mirror).
    struct IoLayout {
        std::size_t jobs = 0, roles = 0, modules = 0, regions = 0, results = 0, resultBytes = 0;
    };

    Staging placeArrays(const std::vector<Plan>& group);
    void stageInits(const std::vector<Plan>& group, Staging& staging);
    JobTables buildJobs(const std::vector<Plan>& group, const Staging& staging);
    IoLayout uploadAndInit(const JobTables& tables, const Staging& staging);
    void launchAndWait(const JobTables& tables, const Staging& staging, const IoLayout& io, unsigned gridFactor,
                       std::uint32_t epoch);
    std::vector<std::size_t> collectResults(const std::vector<Plan>& group, const JobTables& tables, const IoLayout& io,
                                            std::uint32_t epoch, std::vector<ChaseResult>& out, std::string& failure);

    GpuContext& ctx_;
    const ChaseLimits limits_;
    std::map<std::size_t, std::pair<std::uint32_t, std::uint32_t>> initialized_;  // arena offset -> (elems, stride)
    std::uint64_t arenaGeneration_ = ~0ull;
    std::int64_t bank0Stride_ = -1;
    std::int64_t moduleStride_ = -1;
    std::uint32_t moduleCount_ = 0;
};

}  // namespace ts::cuda
