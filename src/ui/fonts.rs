//! The interface's fonts: egui's own, cut down to the characters the game can
//! show (Latin for English, Italian and Norwegian, Greek, punctuation, arrows
//! and the panel's symbols) by `scripts/fonts.sh`. egui's full set was 0.76 MiB
//! of the web build's download.

use bevy::asset::AssetEventSystems;
use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiPostUpdateSet, EguiPreUpdateSet, egui};

/// The fonts, in egui's order of preference for each family.
pub(super) fn definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    // egui's own scales: its symbols sit a little smaller than the letters.
    let mut add = |name: &str, bytes: &'static [u8], scale: f32| {
        let data = egui::FontData::from_static(bytes).tweak(egui::FontTweak { scale, ..default() });
        fonts.font_data.insert(name.to_owned(), data.into());
    };
    add(
        "Ubuntu-Light",
        include_bytes!("../../assets/fonts/Ubuntu-Light.ttf"),
        1.0,
    );
    add(
        "Hack",
        include_bytes!("../../assets/fonts/Hack-Regular.ttf"),
        1.0,
    );
    add(
        "NotoEmoji-Regular",
        include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf"),
        0.81,
    );
    add(
        "emoji-icon-font",
        include_bytes!("../../assets/fonts/emoji-icon-font.ttf"),
        0.90,
    );
    add(
        "replacement",
        include_bytes!("../../assets/fonts/replacement.ttf"),
        0.81,
    );
    let family = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
    fonts.families.insert(
        egui::FontFamily::Proportional,
        // Hack lends its arrows (← →), which Ubuntu lacks.
        family(&[
            "Ubuntu-Light",
            "NotoEmoji-Regular",
            "emoji-icon-font",
            "Hack",
            "replacement",
        ]),
    );
    fonts.families.insert(
        egui::FontFamily::Monospace,
        family(&[
            "Hack",
            "Ubuntu-Light",
            "NotoEmoji-Regular",
            "emoji-icon-font",
            "replacement",
        ]),
    );
    fonts
}

/// Installs the fonts in each new egui context before its first pass, so that
/// no frame is drawn without text.
fn install(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut ctx in &mut contexts {
        ctx.get_mut().set_fonts(definitions());
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        install
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    )
    // bevy_egui writes the glyphs a pass has just added into the font
    // texture after its pass, in no order with Bevy's asset events: where
    // the events went first, the render world saw the change a frame late.
    // The game draws only when something changes, so that later frame could
    // be seconds away, and new words were drawn with letters missing.
    .configure_sets(
        PostUpdate,
        EguiPostUpdateSet::PostProcessOutput.before(AssetEventSystems),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character a player may read has a glyph: the alphabets of the
    /// four languages and the symbols the panel's buttons use.
    #[test]
    fn the_fonts_cover_every_language_and_symbol() {
        let ctx = egui::Context::default();
        ctx.set_fonts(definitions());
        // Fonts set in one pass are in use from the next; the textures of
        // these passes go nowhere here.
        for _ in 0..2 {
            let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
            output.textures_delta.clear();
        }
        let wanted = "The queen’s guard — “capture” … àèéìòù ÀÈÉÌÒÙ æøå ÆØÅ \
                      Η βασίλισσα, οι φρουροί, ο θρόνος ΐΰ ς ά έ ή ί ό ύ ώ ϊ ϋ · × ± « » ← → ⏴ ⏵ \
                      ⟲ ⟳ 💡 📈 ⚑ ✉";
        ctx.fonts_mut(|fonts| {
            for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
                for c in wanted.chars().filter(|c| !c.is_whitespace()) {
                    let id = egui::FontId::new(14.0, family.clone());
                    assert!(fonts.has_glyph(&id, c), "no glyph for {c:?} in {family:?}");
                }
            }
        });
    }
}
