// marginlab desktop — the sweeps' executor: their pieces on worker threads, the rows merged by the app on its
// own (UI) thread at the next frame (app/models/sweep_model.h). The same design as the page's Web Worker
// pool (web/pool.js) and the command line's --jobs (native/cli/sweep_threads.h).
#pragma once

namespace ml::desktop {

// Makes the desktop's sweeps run their cells on threads, by default one per core (the link's jobs= when
// not 0).
void install_thread_executor();

}  // namespace ml::desktop
