//! The game's language, as a player meets it: the one saved in Settings,
//! `--lang` for one session, the choice remembered on disk; the words the
//! game says come in it.

use agon::i18n::Lang;
use agon::ui::announce::action_sentence;

use super::*;

fn lang(app: &App) -> Lang {
    *app.world().resource::<Lang>()
}

/// Plays f1-f2 in pass-and-play and returns what the game said about it.
fn said_after_a_step(app: &mut App) -> String {
    command(app, MatchCommand::new_game(agon::game::Setup::PassAndPlay));
    click(app, "f1");
    click(app, "f2");
    frames(app, 2);
    latest_said(app)
}

fn step_in(l: Lang) -> String {
    let mut g = Game::new();
    let before = *g.position();
    let played = g.play_text("f1-f2").unwrap();
    action_sentence(l, Mode::PassAndPlay, &played, &before, g.position())
}

#[test]
fn the_language_saved_in_settings_speaks_from_the_first_frame() {
    let dir = data_dir("lang-saved");
    let settings = "{ \"language\": \"it\" }";
    std::fs::write(dir.join("settings.json"), settings).unwrap();
    let mut app = whole_app_as_launched(&dir, &[]);
    assert_eq!(lang(&app), Lang::It);
    let said = said_after_a_step(&mut app);
    assert_eq!(said, step_in(Lang::It));
    assert_ne!(said, step_in(Lang::En), "Italian is not English");
    // Reading the file changed nothing in it.
    assert_eq!(
        std::fs::read(dir.join("settings.json")).unwrap(),
        settings.as_bytes()
    );
}

#[test]
fn lang_on_the_command_line_is_for_this_session_only() {
    let dir = data_dir("lang-flag");
    let settings = "{ \"language\": \"it\" }";
    std::fs::write(dir.join("settings.json"), settings).unwrap();
    let mut app = whole_app_as_launched(&dir, &["--lang", "el"]);
    assert_eq!(lang(&app), Lang::El);
    assert_eq!(said_after_a_step(&mut app), step_in(Lang::El));
    frames(&mut app, 5);
    drop(app);
    assert_eq!(
        std::fs::read(dir.join("settings.json")).unwrap(),
        settings.as_bytes(),
        "the saved choice is untouched"
    );
}

#[test]
fn a_language_chosen_in_settings_is_remembered() {
    let dir = data_dir("lang-choice");
    let mut app = whole_app_as_launched(&dir, &[]);
    app.world_mut()
        .resource_mut::<agon::store::Settings>()
        .language = Some(Lang::Nb);
    frames(&mut app, 3);
    assert_eq!(lang(&app), Lang::Nb);
    let on_disk = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(on_disk.contains("\"language\": \"nb\""), "{on_disk}");
    drop(app);
    let mut app = whole_app_as_launched(&dir, &[]);
    assert_eq!(lang(&app), Lang::Nb);
    assert_eq!(said_after_a_step(&mut app), step_in(Lang::Nb));
    // Back to the system's choice: this machine's locale, or English.
    app.world_mut()
        .resource_mut::<agon::store::Settings>()
        .language = None;
    frames(&mut app, 3);
    assert_eq!(
        lang(&app),
        agon::i18n::choose::system_lang().unwrap_or_default()
    );
}

/// A link that cannot be opened is refused in the player's language, the
/// reason too: the rules' error is put into words by its kind.
#[test]
fn a_bad_link_is_refused_in_the_players_language() {
    use agon::i18n::Message;
    let dir = data_dir("lang-bad-link");
    std::fs::write(dir.join("settings.json"), "{ \"language\": \"el\" }").unwrap();
    let mut app = whole_app_as_launched(&dir, &["--open", "?game=AR!t"]);
    frames(&mut app, 2);
    let notices = &app.world().resource::<Notices>().0;
    assert_eq!(notices.len(), 1, "{notices:?}");
    let said = notices[0].text(lang(&app));
    let reason = Message::new("error-code-character")
        .with("char", "!")
        .with("at", 2)
        .text(Lang::El);
    assert!(said.ends_with(&reason), "{said}");
    assert!(said.contains(&agon::t!(Lang::El, "notice-link-failed", error = "")));
    assert!(
        !said.contains("game code") && !said.contains("link"),
        "English in Greek: {said}"
    );
    assert!(notices[0].to_string().contains("“!” at byte 2"));
}

/// What the font texture looked like at the end of the last frame, and how
/// often it changed without the renderer hearing of it in that frame.
#[derive(Resource, Default)]
struct FontTextureWatch {
    last: Option<(AssetId<Image>, u64)>,
    changed: usize,
    unheard: usize,
}

fn watch_font_texture(
    textures: Res<bevy_egui::EguiManagedTextures>,
    images: Res<Assets<Image>>,
    mut events: MessageReader<AssetEvent<Image>>,
    mut watch: ResMut<FontTextureWatch>,
) {
    use std::hash::{Hash, Hasher};
    let heard = assets_heard_of(&mut events);
    // egui's texture 0 is its font atlas.
    let Some(font) = textures.iter().find(|((_, t), _)| *t == 0).map(|(_, t)| t) else {
        return;
    };
    let id = font.handle.id();
    let mut hasher = std::hash::DefaultHasher::new();
    images
        .get(id)
        .and_then(|i| i.data.as_ref())
        .hash(&mut hasher);
    let now = Some((id, hasher.finish()));
    if watch.last.is_some() && now != watch.last {
        watch.changed += 1;
        if !heard.contains(&id) {
            watch.unheard += 1;
        }
    }
    watch.last = now;
}

/// New words bring new glyphs into egui's font texture. The renderer must
/// hear of the change in the frame that draws them: the game draws only when
/// something changes, so a frame later can be seconds later, and the words
/// stood on screen with letters missing ("Dark's gua d a  to  .").
#[test]
fn new_glyphs_reach_the_renderer_in_the_frame_that_draws_them() {
    let mut app = whole_app(
        &data_dir("glyphs"),
        &["--mode", "pass-and-play", "--lang", "el"],
    );
    app.init_resource::<FontTextureWatch>()
        .add_systems(Last, watch_font_texture);
    said_after_a_step(&mut app);
    click(&mut app, "f11");
    click(&mut app, "f10");
    frames(&mut app, 5);
    let watch = app.world().resource::<FontTextureWatch>();
    assert!(
        watch.changed >= 2,
        "the font texture changed {} times",
        watch.changed
    );
    assert_eq!(
        watch.unheard, 0,
        "of {} changes to the font texture, {} reached the renderer a frame late",
        watch.changed, watch.unheard
    );
}
