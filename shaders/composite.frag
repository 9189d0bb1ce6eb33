// Composite, fragment stage: lays the points layer (rendered once into its own texture, colours
// premultiplied by alpha) over the decision regions; drawn with blending ONE, ONE_MINUS_SRC_ALPHA.
// Training changes the regions many times a second but never the points, so a million points are
// rasterized once per data set instead of once per redraw. Uses regions.vert's full-viewport quad.
in vec2 v_uv;
out vec4 frag_color;
uniform sampler2D u_layer;  // RGBA8, premultiplied
void main() {
  frag_color = texture(u_layer, v_uv);
}
