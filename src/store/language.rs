//! Which language the game speaks: `--lang`, else the player's choice in
//! Settings, else the system's (the desktop's locale, the browser's
//! languages), else English.

use bevy::prelude::*;

use crate::i18n::Lang;
use crate::i18n::choose::system_lang;
use crate::store::Settings;

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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LangOverride>()
        .add_systems(PreUpdate, follow_choice);
}
