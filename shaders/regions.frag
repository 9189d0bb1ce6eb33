// Decision regions, fragment stage. The CPU evaluates the learner's decision on a grid of the view
// (app/view.cpp) and uploads it as an RG32F texture: R = predicted class, G = confidence (binary: the
// signed decision value scaled to about [-1,1]; multiclass: top score minus runner-up, scaled).
// Float textures are not filterable everywhere in WebGL2, so the four neighbours are fetched and
// blended here: binary scores are interpolated (a smooth boundary line where the score crosses 0),
// multiclass colours are blended (class indices cannot be interpolated).
in vec2 v_uv;
out vec4 frag_color;
uniform sampler2D u_grid;       // RG32F, grid of the view, texel (0,0) at the bottom-left
uniform ivec2 u_grid_size;      // texels
uniform int u_binary;           // 1: binary scores in G; 0: class index in R
uniform vec3 u_palette[16];     // class colours (class q uses q mod 16)
uniform vec3 u_background;      // colour far from every class
uniform float u_strength;       // how strongly regions are tinted (0..1)
uniform vec2 u_uv_scale;        // the grid may cover an older view rectangle:
uniform vec2 u_uv_offset;       //   grid uv = v_uv * u_uv_scale + u_uv_offset

vec3 class_color(float q) {
  int i = int(q + 0.5);
  i = i - (i / 16) * 16;
  return u_palette[i];
}

vec4 texel(ivec2 p) {
  p = clamp(p, ivec2(0), u_grid_size - 1);
  return texelFetch(u_grid, p, 0);
}

void main() {
  vec2 g = (v_uv * u_uv_scale + u_uv_offset) * vec2(u_grid_size) - 0.5;
  ivec2 p0 = ivec2(floor(g));
  vec2 f = g - floor(g);
  vec4 t00 = texel(p0);
  vec4 t10 = texel(p0 + ivec2(1, 0));
  vec4 t01 = texel(p0 + ivec2(0, 1));
  vec4 t11 = texel(p0 + ivec2(1, 1));
  vec3 color;
  float edge;
  if (u_binary == 1) {
    float s = mix(mix(t00.g, t10.g, f.x), mix(t01.g, t11.g, f.x), f.y);
    vec3 side = s >= 0.0 ? u_palette[1] : u_palette[0];
    float tint = u_strength * (0.45 + 0.55 * clamp(abs(s) * 2.0, 0.0, 1.0));
    color = mix(u_background, side, tint);
    // A crisp line where the interpolated score crosses zero, one pixel wide at any zoom.
    float w = max(fwidth(s), 1e-6);
    edge = 1.0 - clamp(abs(s) / w - 0.5, 0.0, 1.0);
  } else {
    vec3 c = mix(mix(class_color(t00.r), class_color(t10.r), f.x),
                 mix(class_color(t01.r), class_color(t11.r), f.x), f.y);
    float conf = mix(mix(t00.g, t10.g, f.x), mix(t01.g, t11.g, f.x), f.y);
    color = mix(u_background, c, u_strength * (0.45 + 0.55 * clamp(conf * 2.0, 0.0, 1.0)));
    // Boundaries: where the nearest texels disagree on the class.
    float differ = (abs(t00.r - t10.r) + abs(t00.r - t01.r) + abs(t11.r - t10.r) + abs(t11.r - t01.r)) > 0.5 ? 1.0 : 0.0;
    edge = differ * 0.6;
  }
  frag_color = vec4(mix(color, vec3(0.15, 0.15, 0.18), edge * 0.85), 1.0);
}
