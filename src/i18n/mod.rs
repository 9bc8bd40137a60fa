//! The languages of the game: every word a player reads comes from the
//! Fluent files under `assets/locales/<code>/`, one set per language, built
//! into the game (no file to fetch on the web, none to lose on the desktop).
//!
//! A [`Lang`] is the whole API: `t!(lang, "key")` or
//! `t!(lang, "key", count = n, side = name)`. A message missing from a
//! translation falls back to English; the tests keep every language complete.

use std::sync::OnceLock;

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

/// The game's languages, each named in itself in the picker.
#[derive(Resource, Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    It,
    El,
    Nb,
}

/// The files of each language; an area of the interface each.
pub const FILES: [&str; 6] = [
    "common",
    "interface",
    "dialogs",
    "words",
    "tutorial",
    "errors",
];

macro_rules! sources {
    ($($code:literal),+) => {
        [$([
            include_str!(concat!("../../assets/locales/", $code, "/common.ftl")),
            include_str!(concat!("../../assets/locales/", $code, "/interface.ftl")),
            include_str!(concat!("../../assets/locales/", $code, "/dialogs.ftl")),
            include_str!(concat!("../../assets/locales/", $code, "/words.ftl")),
            include_str!(concat!("../../assets/locales/", $code, "/tutorial.ftl")),
            include_str!(concat!("../../assets/locales/", $code, "/errors.ftl")),
        ]),+]
    };
}

/// The Fluent sources, in the order of [`Lang::ALL`] and [`FILES`].
pub const SOURCES: [[&str; FILES.len()]; 4] = sources!("en", "it", "el", "nb");

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::It, Lang::El, Lang::Nb];

    /// The language's code, as `--lang` and the settings file spell it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
            Lang::El => "el",
            Lang::Nb => "nb",
        }
    }

    /// The language's name in itself, for the picker.
    pub(crate) fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::It => "Italiano",
            Lang::El => "Ελληνικά",
            Lang::Nb => "Norsk bokmål",
        }
    }

    /// The language a locale names (`it`, `it-IT`, `el_GR.UTF-8`, `no`,
    /// `nn-NO`...), if the game speaks it. Norwegian of any written form is
    /// shown in bokmål, the only one the game has.
    pub(crate) fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()?
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "it" => Some(Lang::It),
            "el" => Some(Lang::El),
            "nb" | "no" | "nn" => Some(Lang::Nb),
            _ => None,
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// The message `key` with its placeholders filled. Falls back to
    /// English, and to the key itself if English lacks it (a test forbids it).
    pub fn text(self, key: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.to_fluent(self));
        }
        let args = (!args.is_empty()).then_some(&fluent_args);
        [self, Lang::En]
            .into_iter()
            .find_map(|lang| {
                let bundle = &bundles()[lang.index()];
                let pattern = bundle.get_message(key)?.value()?;
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, args, &mut errors);
                if !errors.is_empty() {
                    warn!("agon: message {key} in {}: {errors:?}", lang.code());
                }
                Some(text.into_owned())
            })
            .unwrap_or_else(|| key.to_string())
    }

    /// Whether the language has its own `key` (not English's in its place).
    pub fn has(self, key: &str) -> bool {
        bundles()[self.index()].has_message(key)
    }
}

/// A technical detail shown inside a translated sentence ("the browser
/// refused the download: not an anchor"): the browser's or the system's
/// own words, in English like the system's errors. Marks the text for the
/// test that keeps prose out of the interface's code. (Only the web's
/// file handling has such words.)
#[cfg(target_arch = "wasm32")]
pub(crate) fn detail(text: &str) -> String {
    text.to_string()
}

/// A message to be put into words later, in whoever reads it's language: a
/// key and its placeholders. Notices raised at start-up and the reasons a
/// file or a link cannot be read ([`errors`]) travel as messages. Shown in
/// English, it is the text of logs and tests.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message { key, args: vec![] }
    }

    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    pub fn text(&self, l: Lang) -> String {
        l.text(self.key, &self.args)
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// A value for a placeholder: a number (which chooses plural forms), text,
/// or a message said in the same language (a reason inside a sentence).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Number(f64),
    Text(String),
    Message(Box<Message>),
}

impl Arg {
    fn to_fluent(&self, l: Lang) -> FluentValue<'static> {
        match self {
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Text(s) => FluentValue::from(s.clone()),
            Arg::Message(m) => FluentValue::from(m.text(l)),
        }
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Message(Box::new(m))
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Text(c.to_string())
    }
}

macro_rules! numbers {
    ($($t:ty),+) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        })+
    };
}
numbers!(usize, u8, u16, u32, u64, i32, i64, f32, f64);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

/// `t!(lang, "key")`, `t!(lang, "key", name = value, ...)`: the message in
/// `lang`. Keys are literals, so a test can find every one in the sources.
/// In scope in every module of the game (`#[macro_use]` in lib.rs), and
/// `agon::t!` outside it.
#[macro_export]
macro_rules! t {
    ($lang:expr, $key:literal) => {
        $crate::i18n::Lang::text($lang, $key, &[])
    };
    ($lang:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Lang::text(
            $lang,
            $key,
            &[$((stringify!($name), $crate::i18n::Arg::from($value))),+],
        )
    };
}

// After `t!`, so that it is in scope in them.
pub mod choose;
pub mod errors;
pub(crate) mod words;

fn bundles() -> &'static [FluentBundle<FluentResource>; 4] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 4]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id = lang
        .code()
        .parse()
        .expect("a language code is a language id");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // The fonts have no bidi isolation marks, and every language here runs
    // left to right.
    bundle.set_use_isolating(false);
    for (file, source) in FILES.iter().zip(SOURCES[lang.index()]) {
        // A broken file is a test failure; at run time its good messages
        // still load and the rest fall back to English.
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, e)| {
            error!("agon: {}/{file}.ftl: {e:?}", lang.code());
            r
        });
        if let Err(e) = bundle.add_resource(resource) {
            error!("agon: {}/{file}.ftl: {e:?}", lang.code());
        }
    }
    bundle
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Lang>();
}
