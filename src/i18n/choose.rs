//! The system's languages: the desktop's locale, the browser's languages.
//! Which one the game speaks is chosen beside the settings
//! (`store::language`).

use super::Lang;

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
        crate::page::languages()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        locales_from_env(|name| std::env::var(name).ok())
    }
}

/// POSIX's order: `LANGUAGE` (a list), then `LC_ALL`, `LC_MESSAGES`, `LANG`;
/// the `C` and `POSIX` locales say nothing.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn locales_from_env(var: impl Fn(&str) -> Option<String>) -> Vec<String> {
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
