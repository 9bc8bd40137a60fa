//! Gives the Windows executable the game's icon: a resource compiled with
//! MinGW's `windres` and linked into the binaries. Other targets need
//! nothing. Without `windres` (a `cargo check` on a machine without
//! MinGW) the executable simply has no icon, with a warning.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=assets/icon/agon.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let icon = manifest.join("assets/icon/agon.ico");
    let rc = out.join("agon.rc");
    let res = out.join("agon-icon.o");
    // windres reads a quoted path with forward slashes on every host.
    let icon_path = icon.display().to_string().replace('\\', "/");
    std::fs::write(&rc, format!("1 ICON \"{icon_path}\"\n")).expect("OUT_DIR is writable");
    let windres = std::env::var("WINDRES").unwrap_or_else(|_| "x86_64-w64-mingw32-windres".into());
    let made = Command::new(&windres)
        .arg(&rc)
        .args(["-O", "coff", "-o"])
        .arg(&res)
        .status();
    match made {
        Ok(status) if status.success() => {
            println!("cargo:rustc-link-arg-bins={}", res.display());
        }
        Ok(status) => println!("cargo:warning={windres} failed ({status}): agon.exe has no icon"),
        Err(e) => println!("cargo:warning={windres} not found ({e}): agon.exe has no icon"),
    }
}
