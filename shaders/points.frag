// Scatter points, fragment stage: a disc with a dark outline in the observed class's colour; test
// examples are hollow rings; corrupted training examples (their observed label is not their true one,
// or the point itself was replaced or moved) get a wide high-contrast ring around the disc.
flat in vec3 v_color;
flat in float v_corrupted;
flat in float v_test;
out vec4 frag_color;
void main() {
  vec2 d = gl_PointCoord * 2.0 - 1.0;
  float r = length(d);
  float aa = 0.12;  // edge softness in units of the point radius
  float alpha = 1.0 - smoothstep(1.0 - aa, 1.0, r);
  if (alpha <= 0.0) discard;
  vec3 outline = vec3(0.10, 0.10, 0.12);
  vec3 c;
  if (v_corrupted > 0.5) {
    // ring | gap | disc: the ring is the corruption mark, the disc the observed label.
    vec3 ring = vec3(0.98, 0.10, 0.55);
    if (r > 0.72) c = ring;
    else if (r > 0.56) c = vec3(1.0);
    else if (r > 0.46) c = outline;
    else c = v_color;
  } else if (v_test > 0.5) {
    if (r > 0.78) c = outline;
    else if (r > 0.45) c = v_color;
    else { c = vec3(1.0); alpha *= 0.65; }
  } else {
    c = r > 0.72 ? outline : v_color;
  }
  frag_color = vec4(c, alpha);
}
