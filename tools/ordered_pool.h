// A worker pool that runs numbered jobs at once and hands their results back
// in job order, as soon as a result and every earlier one are ready.
//
//   RunOrdered<int>(jobs.size(), threads,
//       [&](size_t i) { return Work(jobs[i]); },          // on a worker thread
//       [&](size_t i, int& r) { Print(i, r); },           // on the calling thread
//       [&] { RedrawProgress(); });                        // on the calling thread
//
// `done` runs on the calling thread only, so it needs no locking; `tick`
// runs there too, after each batch of results and at least every 250 ms
// while jobs run, so a progress line can show the elapsed time.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace sokoban::tools {

template <typename Result>
void RunOrdered(size_t count, int threads, const std::function<Result(size_t)>& work,
                const std::function<void(size_t, Result&)>& done,
                const std::function<void()>& tick) {
  std::vector<std::optional<Result>> results(count);
  std::mutex mutex;
  std::condition_variable ready;
  std::atomic<size_t> next{0};

  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < count;) {
      Result r = work(i);
      std::lock_guard<std::mutex> lock(mutex);
      results[i] = std::move(r);
      ready.notify_one();
    }
  };
  const size_t pool_size = std::clamp<size_t>(threads, 1, std::max<size_t>(count, 1));
  std::vector<std::thread> pool;
  for (size_t t = 0; t < pool_size; ++t) pool.emplace_back(worker);

  size_t reported = 0;
  std::unique_lock<std::mutex> lock(mutex);
  while (reported < count) {
    ready.wait_for(lock, std::chrono::milliseconds(250),
                   [&] { return results[reported].has_value(); });
    while (reported < count && results[reported]) {
      Result r = std::move(*results[reported]);
      results[reported].reset();
      lock.unlock();  // printing must not hold up the workers
      done(reported, r);
      ++reported;
      lock.lock();
    }
    lock.unlock();
    tick();
    lock.lock();
  }
  lock.unlock();
  for (std::thread& t : pool) t.join();
}

}  // namespace sokoban::tools
