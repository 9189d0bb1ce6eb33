// marginlab app — the OpenGL header for the app's own rendering (the 2-D view, frame capture):
// OpenGL ES 3.0 / WebGL2 in the browser, OpenGL 3.3 core on the desktop (functions exported by libGL).
#pragma once

#if defined(__EMSCRIPTEN__)
#include <GLES3/gl3.h>
#else
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>
#endif

namespace ml::app {

// The line put before every shader of shaders/: the GLSL dialect of this build.
inline const char* glsl_preamble() {
#if defined(__EMSCRIPTEN__)
  return "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n";
#else
  return "#version 330 core\n";
#endif
}

}  // namespace ml::app
