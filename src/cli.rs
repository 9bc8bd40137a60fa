//! Command-line options, for players and for testing.

use std::ffi::OsStr;
use std::path::PathBuf;

use agon_ai::Level;
use agon_rules::{Position, Side};

pub const USAGE: &str = "\
usage: agon [OPTIONS]

  --mode vs-computer|pass-and-play|watch|remote
                                     start a game at once in this mode (watch: the
                                     computer plays itself; remote: a friend by link)
  --level beginner|easy|medium|hard|master
                                     the computer's level (with vs-computer)
  --side light|dark                  your side against the computer
  --position AFN                     start from this position (AFN, quoted)
  --load FILE                        load a saved game record (JSON)
  --open LINK                        open a link to a game or a position
                                     (https://...?game=CODE, ?afn=AFN; quoted),
                                     or join an online game (?online=ROOM)
  --server URL                       the online server (ws://HOST:PORT/ws)
  --play \"A1 A2 ...\"                 play these actions first
  --select CELL                      pick up the piece on CELL (for screenshots)
  --hint                             ask for a hint at once (for screenshots)
  --analyse                          open analysis at once (where it is allowed:
                                     not in a game against the computer or a friend)
  --tutorial N                       open lesson N of the tutorial (1 to 8)
  --view light|dark                  see the board from this side
  --theme classic|high-contrast|colour-safe
  --animation off|fast|normal|slow   how fast pieces move
  --graphics auto|high|low           rendering quality (low: no multisampling or
                                     shadows, simpler light)
  --lang en|it|el|nb                 the game's language for this session (English,
                                     Italiano, Ελληνικά, Norsk bokmål; default: the
                                     one chosen in Settings, else the system's)
  --screenshot PATH                  render, save a PNG to PATH and exit
  --then ACTION                      with --screenshot: play ACTION, animated, once the
                                     board is shown, and take the picture mid-way
  --then-seconds S                   how long after ACTION to take it (default 0.3)
  --frames N                         frames to render before the screenshot (default 90)
  --size WxH                         window size, 200 to 16384 a side (default 1280x800)
  --no-save                          neither read nor write the saved game and settings
  --version                          the game's version
  --help                             this text";

/// What `--version` prints.
pub const VERSION: &str = concat!("agon ", env!("CARGO_PKG_VERSION"));

/// Window sides a `--size` may ask for, in logical pixels.
const SIZES: std::ops::RangeInclusive<u32> = 200..=16384;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    pub mode: Option<ModeChoice>,
    pub level: Option<Level>,
    pub side: Option<Side>,
    pub position: Option<Position>,
    /// A file name is any bytes the system allows, not only UTF-8.
    pub load: Option<PathBuf>,
    /// A link to open, read when the game starts (a bad one is a notice).
    pub open: Option<String>,
    /// The online server's address, for this session.
    pub server: Option<String>,
    pub play: Vec<String>,
    pub select: Option<String>,
    pub hint: bool,
    pub analyse: bool,
    pub tutorial: Option<usize>,
    pub view: Option<Side>,
    pub theme: Option<crate::store::ThemeName>,
    pub graphics: Option<crate::store::Graphics>,
    pub animation: Option<crate::store::AnimationSpeed>,
    pub lang: Option<crate::i18n::Lang>,
    pub screenshot: Option<PathBuf>,
    pub then: Option<agon_rules::Action>,
    pub then_seconds: f32,
    pub frames: u32,
    pub size: (u32, u32),
    pub no_save: bool,
}

pub use crate::game::ModeChoice;

fn side(s: &str) -> Result<Side, String> {
    s.parse()
        .map_err(|e: agon_rules::ParseSideError| e.to_string())
}

/// A settings value by its saved name (`high-contrast`, `slow`...), so the
/// command line accepts exactly what the settings file does.
fn setting<T: serde::de::DeserializeOwned>(v: String, what: &str) -> Result<T, String> {
    serde_json::from_value(serde_json::Value::String(v.clone()))
        .map_err(|_| format!("{v:?} is not {what}"))
}

/// The next argument, the value of `flag`, as it came.
fn next_value<'a>(
    it: &mut impl Iterator<Item = &'a OsStr>,
    flag: &str,
) -> Result<&'a OsStr, String> {
    it.next().ok_or_else(|| format!("{flag} needs a value"))
}

/// The next argument, the value of `flag`, as text: anything but a file
/// name must be UTF-8.
fn next_text<'a>(it: &mut impl Iterator<Item = &'a OsStr>, flag: &str) -> Result<String, String> {
    let arg = next_value(it, flag)?;
    arg.to_str()
        .map(String::from)
        .ok_or_else(|| format!("{flag} needs text in UTF-8, not {arg:?}"))
}

impl Options {
    /// Parses the arguments after the program name, as the system gives
    /// them (`std::env::args_os`): a file name may be any bytes.
    pub fn parse<A: AsRef<OsStr>>(args: &[A]) -> Result<Options, String> {
        let mut o = Options {
            frames: 90,
            then_seconds: 0.3,
            size: (1280, 800),
            ..Options::default()
        };
        let mut it = args.iter().map(AsRef::as_ref);
        while let Some(flag) = it.next() {
            let flag = match flag.to_str() {
                Some(flag) => flag,
                None => return Err(format!("unknown option {flag:?}\n\n{USAGE}")),
            };
            match flag {
                "--help" | "-h" => return Err(USAGE.to_string()),
                "--version" | "-V" => return Err(VERSION.to_string()),
                "--mode" => o.mode = Some(next_text(&mut it, flag)?.parse()?),
                "--level" => o.level = Some(next_text(&mut it, flag)?.parse()?),
                "--side" => o.side = Some(side(&next_text(&mut it, flag)?)?),
                "--view" => o.view = Some(side(&next_text(&mut it, flag)?)?),
                "--position" => {
                    let text = next_text(&mut it, flag)?;
                    o.position =
                        Some(Position::from_afn(&text).map_err(|e| format!("--position: {e}"))?);
                }
                "--load" => o.load = Some(next_value(&mut it, flag)?.into()),
                "--open" => o.open = Some(next_text(&mut it, flag)?),
                "--server" => {
                    let url = next_text(&mut it, flag)?;
                    if !(url.starts_with("ws://") || url.starts_with("wss://")) {
                        return Err(format!("--server {url:?} is not a ws:// or wss:// address"));
                    }
                    o.server = Some(url);
                }
                "--play" => {
                    o.play = next_text(&mut it, flag)?
                        .split_whitespace()
                        .map(String::from)
                        .collect()
                }
                "--select" => o.select = Some(next_text(&mut it, flag)?),
                "--hint" => o.hint = true,
                "--analyse" => o.analyse = true,
                "--tutorial" => {
                    let v = next_text(&mut it, flag)?;
                    let n: usize = v
                        .parse()
                        .map_err(|_| format!("--tutorial: {v:?} is not a number"))?;
                    if !(1..=crate::game::tutorial::LESSONS.len()).contains(&n) {
                        return Err(format!(
                            "--tutorial: lessons are numbered 1 to {}",
                            crate::game::tutorial::LESSONS.len()
                        ));
                    }
                    o.tutorial = Some(n - 1);
                }
                "--theme" => o.theme = Some(setting(next_text(&mut it, flag)?, "a theme")?),
                "--animation" => {
                    o.animation = Some(setting(next_text(&mut it, flag)?, "an animation speed")?)
                }
                "--graphics" => {
                    o.graphics = Some(setting(next_text(&mut it, flag)?, "a graphics setting")?)
                }
                "--lang" => {
                    o.lang = Some(setting(
                        next_text(&mut it, flag)?,
                        "a language (en, it, el or nb)",
                    )?)
                }
                "--screenshot" => o.screenshot = Some(next_value(&mut it, flag)?.into()),
                "--then" => {
                    let v = next_text(&mut it, flag)?;
                    o.then = Some(v.parse().map_err(|e| format!("--then {v:?}: {e}"))?);
                }
                "--then-seconds" => {
                    let v = next_text(&mut it, flag)?;
                    o.then_seconds = v
                        .parse()
                        .ok()
                        .filter(|s: &f32| s.is_finite() && *s >= 0.0)
                        .ok_or_else(|| {
                            format!("--then-seconds: {v:?} is not a number of seconds")
                        })?;
                }
                "--frames" => {
                    let v = next_text(&mut it, flag)?;
                    o.frames = v
                        .parse()
                        .map_err(|_| format!("--frames: {v:?} is not a number"))?;
                }
                "--size" => {
                    let v = next_text(&mut it, flag)?;
                    let (w, h) = v
                        .split_once('x')
                        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                        .ok_or_else(|| format!("--size: {v:?} is not WIDTHxHEIGHT"))?;
                    if !SIZES.contains(&w) || !SIZES.contains(&h) {
                        return Err(format!(
                            "--size: {w}x{h} is outside {}x{} to {}x{}",
                            SIZES.start(),
                            SIZES.start(),
                            SIZES.end(),
                            SIZES.end()
                        ));
                    }
                    o.size = (w, h);
                }
                "--no-save" => o.no_save = true,
                other => return Err(format!("unknown option {other:?}\n\n{USAGE}")),
            }
        }
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Options, String> {
        let args: Vec<String> = s
            .split(' ')
            .filter(|a| !a.is_empty())
            .map(String::from)
            .collect();
        Options::parse(&args)
    }

    #[test]
    fn options_parse() {
        let o = parse("--mode vs-computer --level hard --side dark --frames 10").unwrap();
        assert_eq!(o.mode, Some(ModeChoice::VsComputer));
        assert_eq!(o.level, Some(Level::Hard));
        assert_eq!(o.side, Some(Side::Dark));
        assert_eq!(o.frames, 10);
        let o = parse("--animation slow --graphics low --then f1-f2 --then-seconds 0.5").unwrap();
        assert_eq!(o.graphics, Some(crate::store::Graphics::Low));
        assert_eq!(o.then, Some("f1-f2".parse().unwrap()));
        assert_eq!(o.then_seconds, 0.5);
        assert_eq!(
            parse("--mode remote").unwrap().mode,
            Some(ModeChoice::Remote)
        );
        assert_eq!(
            parse("--version"),
            Err(format!("agon {}", env!("CARGO_PKG_VERSION")))
        );
        assert_eq!(o.animation, Some(crate::store::AnimationSpeed::Slow));
        assert_eq!(parse("--size 390x844").unwrap().size, (390, 844));
        assert_eq!(
            parse("--lang el").unwrap().lang,
            Some(crate::i18n::Lang::El)
        );
        assert_eq!(
            parse("--lang de"),
            Err("\"de\" is not a language (en, it, el or nb)".to_string())
        );
        // A link is kept as given, read when the game starts.
        let link = "https://example.org/agon/?game=ARWtaIA&mode=pass-and-play";
        assert_eq!(
            parse(&format!("--open {link}")).unwrap().open.as_deref(),
            Some(link)
        );
        for bad in [
            "--graphics ultra",
            "--animation warp",
            "--then f1",
            "--then-seconds -1",
            "--mode chess",
            "--level god",
            "--frames x",
            "--size 10",
            "--size 0x0",
            "--size 99999999999x800",
            "--size 1280x100000",
            "--what",
            "--side",
            "--open",
            "--lang",
            "--lang EN",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    /// Linux allows any bytes but `/` and NUL in a file name: such a name
    /// is kept as it is; any other argument that is not UTF-8 is refused by
    /// name (it panicked: `std::env::args`).
    #[cfg(unix)]
    #[test]
    fn a_file_name_may_be_any_bytes_and_other_arguments_must_be_text() {
        use std::ffi::OsString;
        use std::os::unix::ffi::OsStringExt;
        let odd = |bytes: &[u8]| OsString::from_vec(bytes.to_vec());
        let name = odd(b"/tmp/\xff.json");
        let o = Options::parse(&[OsString::from("--load"), name.clone()]).unwrap();
        assert_eq!(o.load.as_deref(), Some(std::path::Path::new(&name)));
        let o = Options::parse(&[OsString::from("--screenshot"), name.clone()]).unwrap();
        assert_eq!(o.screenshot.map(PathBuf::into_os_string), Some(name));
        for flag in ["--position", "--open", "--play", "--mode", "--frames"] {
            let e = Options::parse(&[OsString::from(flag), odd(b"\xff")]).unwrap_err();
            assert_eq!(e, format!("{flag} needs text in UTF-8, not \"\\xFF\""));
        }
        let e = Options::parse(&[odd(b"--\xff")]).unwrap_err();
        assert!(e.starts_with("unknown option \"--\\xFF\""), "{e}");
    }
}
