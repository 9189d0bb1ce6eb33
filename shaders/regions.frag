// Decision regions, fragment stage. The CPU evaluates the learner's Q class scores on a grid over the
// view (app/ui/view.cpp), scales them so that the largest top-minus-runner-up gap is 1, and uploads them
// as an RGBA32F texture: the block of group k (columns k*W .. k*W+W-1) holds classes 4k..4k+3. Float
// textures are not filterable everywhere in WebGL2, so each class score is interpolated here from its
// four neighbouring cells; the pixel takes the colour of the best class, tinted by its lead over the
// runner-up, and a line about two pixels wide is drawn where that lead falls to zero: a smooth
// boundary between any two classes at any zoom (binary learners are the case Q = 2).
in vec2 v_uv;
out vec4 frag_color;
uniform sampler2D u_grid;       // RGBA32F scores, texel (k*W + column, row), row 0 at the bottom
uniform ivec2 u_grid_size;      // W x H cells of one group's block
uniform int u_classes;          // Q
uniform vec3 u_palette[16];     // class colours (class q uses q mod 16)
uniform vec3 u_background;      // colour where no class leads
uniform float u_strength;       // how strongly regions are tinted (0..1)
uniform int u_discrete;         // 1: every region one flat colour (the decision only), 0: tint graded by the lead
uniform vec2 u_uv_scale;        // the grid may cover an older view rectangle:
uniform vec2 u_uv_offset;       //   grid uv = v_uv * u_uv_scale + u_uv_offset
uniform vec2 u_view_px;         // size of the view in pixels

vec4 cell(int group, ivec2 p) {
  p = clamp(p, ivec2(0), u_grid_size - 1);
  return texelFetch(u_grid, ivec2(p.x + group * u_grid_size.x, p.y), 0);
}

void main() {
  vec2 g = (v_uv * u_uv_scale + u_uv_offset) * vec2(u_grid_size) - 0.5;
  ivec2 p0 = ivec2(floor(g));
  vec2 f = g - floor(g);
  // Best and runner-up class, their interpolated scores and score gradients (per cell).
  float best = -1e30;
  float second = -1e30;
  vec2 best_grad = vec2(0.0);
  vec2 second_grad = vec2(0.0);
  int best_class = 0;
  int groups = (u_classes + 3) / 4;
  for (int k = 0; k < groups; ++k) {
    vec4 c00 = cell(k, p0);
    vec4 c10 = cell(k, p0 + ivec2(1, 0));
    vec4 c01 = cell(k, p0 + ivec2(0, 1));
    vec4 c11 = cell(k, p0 + ivec2(1, 1));
    vec4 v = mix(mix(c00, c10, f.x), mix(c01, c11, f.x), f.y);
    vec4 gx = mix(c10 - c00, c11 - c01, f.y);
    vec4 gy = mix(c01 - c00, c11 - c10, f.x);
    for (int lane = 0; lane < 4; ++lane) {
      int q = k * 4 + lane;
      if (q >= u_classes) break;
      float s = v[lane];
      vec2 grad = vec2(gx[lane], gy[lane]);
      if (s > best) {
        second = best;
        second_grad = best_grad;
        best = s;
        best_grad = grad;
        best_class = q;
      } else if (s > second) {
        second = s;
        second_grad = grad;
      }
    }
  }
  float gap = best - second;
  int i = best_class - (best_class / 16) * 16;
  float tint = u_discrete != 0 ? 0.8 : 0.45 + 0.55 * clamp(gap * 2.0, 0.0, 1.0);
  vec3 color = mix(u_background, u_palette[i], u_strength * tint);
  // Distance to the boundary in pixels ~ gap / |d gap / d pixel|, the gradient taken analytically from
  // the bilinear cells (screen-space derivatives break where the leading pair changes).
  vec2 cells_per_pixel = vec2(u_grid_size) * u_uv_scale / u_view_px;
  float w = max(length((best_grad - second_grad) * cells_per_pixel), 1e-6);
  float edge = 1.0 - smoothstep(0.6, 1.6, gap / w);
  frag_color = vec4(mix(color, vec3(0.15, 0.15, 0.18), edge * 0.85), 1.0);
}
