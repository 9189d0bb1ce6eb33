// Decision regions, vertex stage: one full-viewport triangle pair; v_uv runs over [0,1]^2 of the view.
// The version line ("#version 330 core" or "#version 300 es" + precision) is prepended by app/ui/view.cpp.
layout(location = 0) in vec2 a_corner;  // NDC corner in [-1,1]^2
out vec2 v_uv;
void main() {
  v_uv = a_corner * 0.5 + 0.5;
  gl_Position = vec4(a_corner, 0.0, 1.0);
}
