//! Which language the game speaks: `--lang`, else the player's choice in
//! Settings, else the system's (the desktop's locale, the browser's
//! languages), else English.

use bevy::prelude::*;

use super::Lang;
use crate::store::Settings;

/// The first language of the system's list that the game speaks.
pub fn system_lang() -> Option<Lang> {
    system_locales()
        .iter()
        .find_map(|locale| Lang::from_locale(locale))
}

/// The system's languages, most wanted first.
fn system_locales() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        // navigator.languages through JavaScript's own names: no web-sys
        // feature (and rebuild) for one question.
        let ask = || -> Option<Vec<String>> {
            let window = web_sys::window()?;
            let navigator = js_sys::Reflect::get(&window, &"navigator".into()).ok()?;
            let languages = js_sys::Reflect::get(&navigator, &"languages".into()).ok()?;
            let list: Vec<String> = js_sys::Array::from(&languages)
                .iter()
                .filter_map(|v| v.as_string())
                .collect();
            if list.is_empty() {
                js_sys::Reflect::get(&navigator, &"language".into())
                    .ok()?
                    .as_string()
                    .map(|l| vec![l])
            } else {
                Some(list)
            }
        };
        ask().unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        locales_from_env(|name| std::env::var(name).ok())
    }
}

/// POSIX's order: `LANGUAGE` (a list), then `LC_ALL`, `LC_MESSAGES`, `LANG`;
/// the `C` and `POSIX` locales say nothing.
#[cfg(not(target_arch = "wasm32"))]
pub fn locales_from_env(var: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(list) = var("LANGUAGE") {
        out.extend(list.split(':').map(str::to_string));
    }
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let Some(v) = var(name) {
            out.push(v);
        }
    }
    out.retain(|l| !l.is_empty() && l != "C" && l != "POSIX" && !l.starts_with("C."));
    out
}

/// The language chosen at launch with `--lang`, for this session.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct LangOverride(pub Option<Lang>);

/// Keeps the [`Lang`] resource in step with the choice.
fn follow_choice(
    settings: Res<Settings>,
    chosen: Res<LangOverride>,
    mut system: Local<Option<Option<Lang>>>,
    mut lang: ResMut<Lang>,
) {
    if !settings.is_changed() && !chosen.is_changed() && system.is_some() {
        return;
    }
    let system = *system.get_or_insert_with(system_lang);
    let want = chosen
        .0
        .or(settings.language)
        .or(system)
        .unwrap_or_default();
    if *lang != want {
        *lang = want;
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Lang>()
        .init_resource::<LangOverride>()
        .add_systems(PreUpdate, follow_choice);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_name_the_languages_the_game_speaks() {
        assert_eq!(Lang::from_locale("it_IT.UTF-8"), Some(Lang::It));
        assert_eq!(Lang::from_locale("el-GR"), Some(Lang::El));
        assert_eq!(Lang::from_locale("EL"), Some(Lang::El));
        assert_eq!(Lang::from_locale("nb_NO.UTF-8"), Some(Lang::Nb));
        assert_eq!(Lang::from_locale("no"), Some(Lang::Nb));
        assert_eq!(Lang::from_locale("nn-NO"), Some(Lang::Nb));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE.UTF-8"), None);
        assert_eq!(Lang::from_locale(""), None);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_environment_is_read_in_posix_order() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let found = |pairs| {
            locales_from_env(env(pairs))
                .iter()
                .find_map(|l| Lang::from_locale(l))
        };
        assert_eq!(found(&[("LANG", "el_GR.UTF-8")]), Some(Lang::El));
        assert_eq!(
            found(&[("LANG", "el_GR.UTF-8"), ("LC_ALL", "it_IT.UTF-8")]),
            Some(Lang::It)
        );
        // A list: the first the game speaks wins.
        assert_eq!(
            found(&[("LANGUAGE", "de:nb:en"), ("LANG", "it_IT.UTF-8")]),
            Some(Lang::Nb)
        );
        assert_eq!(found(&[("LANG", "C.UTF-8")]), None);
        assert_eq!(found(&[]), None);
    }
}
