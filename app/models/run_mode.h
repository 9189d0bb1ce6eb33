// marginlab app — the three things the playground shows, apart from the state that picks one (AppState::mode):
// the models that depend on the mode (lesson_model.h) read it without the state.
#pragma once

namespace ml::app {

// What the playground shows: one run, learners side by side, or a sweep.
enum class RunMode { single, compare, sweep };

}  // namespace ml::app
