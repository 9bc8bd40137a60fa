//! Agon: launches the game. `agon --help` lists the options.

use agon::cli::Options;
use agon::dev::diagnostics::LaunchTime;
use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResolution;

fn main() -> AppExit {
    let launched = web_time::Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match Options::parse(&args) {
        Ok(o) => o,
        Err(text) => {
            let help = args.iter().any(|a| a == "--help" || a == "-h");
            if help {
                println!("{text}");
                return AppExit::Success;
            }
            eprintln!("agon: {text}");
            return AppExit::error();
        }
    };
    let (w, h) = options.size;
    let window = Window {
        title: "Agon — Queen's Guard".into(),
        resolution: WindowResolution::new(w, h),
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        ..default()
    };
    App::new()
        .insert_resource(LaunchTime(launched))
        .insert_resource(ClearColor(Color::srgb_u8(28, 32, 38)))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(window),
                    ..default()
                })
                .set(AssetPlugin {
                    meta_check: AssetMetaCheck::Never,
                    ..default()
                }),
        )
        .add_plugins(agon::AgonPlugin { options })
        .run()
}
