// marginlab page — the sweeps' Web Worker pool as the app's CellExecutor (pool_executor.cpp, web/pool.js).
#pragma once

namespace ml::web {

// Makes the page's sweeps run their cells on Web Workers (app/models/sweep_model.h: set_cell_executor_factory).
void install_cell_pool();

}  // namespace ml::web
