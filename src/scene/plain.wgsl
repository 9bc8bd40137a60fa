// Low graphics: Bevy's StandardMaterial lit by a short shader. The same
// material data and the same lights (directional and ambient), with the
// same physically based terms in their simplest form; no point lights, no
// shadows, no clustered lights. A software renderer compiles and runs it in
// a fraction of the time of the full PBR shader (src/scene/plain.rs).

#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    mesh_view_bindings::{view, lights},
    pbr_bindings,
    pbr_types,
}
#ifdef BINDLESS
#import bevy_pbr::mesh_bindings::mesh
#endif
#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping::{
    tone_mapping, screen_space_dither, somewhat_boring_display_transform, saturation,
}
#endif

const PI: f32 = 3.141592653589793;

fn f_ab(perceptual_roughness: f32, n_dot_v: f32) -> vec2<f32> {
    let c0 = vec4<f32>(-1.0, -0.0275, -0.572, 0.022);
    let c1 = vec4<f32>(1.0, 0.0425, 1.04, -0.04);
    let r = perceptual_roughness * c0 + c1;
    let a004 = min(r.x * r.x, exp2(-9.28 * n_dot_v)) * r.x + r.y;
    return max(vec2<f32>(-1.04, 1.04) * a004 + r.zw, vec2<f32>(0.00005));
}

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    // Fields one by one, not whole structs: a software renderer's compiler
    // copies every byte of a struct it is given (Bevy's lights carry their
    // shadow cascades' matrices).
#ifdef BINDLESS
    let slot = mesh[in.instance_index].material_and_lightmap_bind_group_slot & 0xffffu;
    let index = pbr_bindings::material_indices[slot].material;
    let flags = pbr_bindings::material_array[index].flags;
    let base_color = pbr_bindings::material_array[index].base_color;
    let emissive_color = pbr_bindings::material_array[index].emissive;
    let reflectance = pbr_bindings::material_array[index].reflectance;
    let roughness = pbr_bindings::material_array[index].perceptual_roughness;
    let metallic = pbr_bindings::material_array[index].metallic;
#else
    let flags = pbr_bindings::material.flags;
    let base_color = pbr_bindings::material.base_color;
    let emissive_color = pbr_bindings::material.emissive;
    let reflectance = pbr_bindings::material.reflectance;
    let roughness = pbr_bindings::material.perceptual_roughness;
    let metallic = pbr_bindings::material.metallic;
#endif
    var color = base_color;
    if (flags & pbr_types::STANDARD_MATERIAL_FLAGS_UNLIT_BIT) == 0u {
        var n = normalize(in.world_normal);
        if !is_front && (flags & pbr_types::STANDARD_MATERIAL_FLAGS_DOUBLE_SIDED_BIT) != 0u {
            n = -n;
        }
        let v = normalize(view.world_position.xyz - in.world_position.xyz);
        let n_dot_v = max(dot(n, v), 0.0001);
        let perceptual = clamp(roughness, 0.089, 1.0);
        let a = perceptual * perceptual;
        let a2 = a * a;
        let diffuse_color = color.rgb * (1.0 - metallic);
        let f0 = 0.16 * reflectance * reflectance * (1.0 - metallic)
            + color.rgb * metallic;
        var direct = vec3<f32>(0.0);
        for (var i = 0u; i < lights.n_directional_lights; i = i + 1u) {
            let l = lights.directional_lights[i].direction_to_light;
            let h = normalize(l + v);
            let n_dot_l = saturate(dot(n, l));
            let n_dot_h = saturate(dot(n, h));
            let l_dot_h = saturate(dot(l, h));
            // GGX distribution, Hammon's visibility, Schlick's Fresnel.
            let d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
            let distribution = a2 / (PI * d * d);
            let visibility = 0.5 / (n_dot_l * (n_dot_v * (1.0 - a) + a) + n_dot_v * (n_dot_l * (1.0 - a) + a));
            let fresnel = f0 + (vec3<f32>(1.0) - f0) * pow(1.0 - l_dot_h, 5.0);
            let specular = distribution * visibility * fresnel;
            direct += (diffuse_color / PI + specular) * lights.directional_lights[i].color.rgb * n_dot_l;
        }
        let diffuse_ab = f_ab(1.0, n_dot_v);
        let specular_ab = f_ab(perceptual, n_dot_v);
        let specular_occlusion = saturate(dot(f0, vec3<f32>(50.0 * 0.33)));
        let ambient = (diffuse_color * diffuse_ab.x + diffuse_ab.y
            + (f0 * specular_ab.x + specular_ab.y) * specular_occlusion) * lights.ambient_color.rgb;
        let emissive = emissive_color.rgb * mix(1.0, view.exposure, emissive_color.a);
        color = vec4<f32>(view.exposure * (direct + ambient) + emissive, color.a);
    }
#ifdef TONEMAP_IN_SHADER
#ifdef TONEMAP_METHOD_SOMEWHAT_BORING_DISPLAY_TRANSFORM
    // The board camera's method, as Bevy's tone_mapping does it in a mesh
    // shader (exposure, the curve, post-saturation), without the copy of
    // the view's whole colour grading it starts with.
    var graded = max(color.rgb, vec3<f32>(0.0)) * exp2(view.color_grading.exposure);
    graded = somewhat_boring_display_transform(graded);
    color = vec4<f32>(saturation(graded, view.color_grading.post_saturation), color.a);
#else
    color = tone_mapping(color, view.color_grading);
#endif
#ifdef DEBAND_DITHER
    var rgb = pow(max(color.rgb, vec3<f32>(0.0)), vec3<f32>(1.0 / 2.2));
    rgb += screen_space_dither(in.position.xy);
    color = vec4<f32>(pow(max(rgb, vec3<f32>(0.0)), vec3<f32>(2.2)), color.a);
#endif
#endif
    var out: FragmentOutput;
    out.color = color;
    return out;
}
