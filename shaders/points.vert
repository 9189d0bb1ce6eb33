// Scatter points, vertex stage: one GL point per example, positioned by the view's data-to-NDC map.
layout(location = 0) in vec2 a_position;  // projected 2-D coordinates (data units)
layout(location = 1) in vec2 a_kind;      // x: observed class; y: flags (1 corrupted, 2 test example)
uniform vec2 u_offset;                    // NDC = a_position * u_scale + u_offset
uniform vec2 u_scale;
uniform float u_point_size;               // pixels
uniform float u_corrupt_scale;            // corrupted points are drawn this much larger (1 when dense)
uniform vec3 u_palette[16];               // class colours
flat out vec3 v_color;
flat out float v_corrupted;
flat out float v_test;
void main() {
  int q = int(a_kind.x + 0.5);
  q = q - (q / 16) * 16;
  v_color = u_palette[q];
  int flags = int(a_kind.y + 0.5);
  v_corrupted = float(flags - (flags / 2) * 2);
  v_test = float((flags / 2) - (flags / 4) * 2);
  gl_Position = vec4(a_position * u_scale + u_offset, 0.0, 1.0);
  gl_PointSize = v_corrupted > 0.5 ? u_point_size * u_corrupt_scale : u_point_size;
}
