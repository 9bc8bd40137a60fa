//! The browser page around the game: its address, its `<body>`'s `data-*`
//! attributes, its storage, what the browser says of the player (reduced
//! motion) and its live region for screen readers. Thin wrappers that know
//! nothing of the game; off the web each is a no-op or says "none".

/// The page's address without its query and hash.
#[cfg(target_arch = "wasm32")]
pub(crate) fn address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(location.origin().ok()? + &location.pathname().ok()?)
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn address() -> Option<String> {
    None
}

/// The query the page was opened with (`?game=...`), if it has one.
#[cfg(target_arch = "wasm32")]
pub(crate) fn query() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    (!search.is_empty()).then_some(search)
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn query() -> Option<String> {
    None
}

/// Replaces the address's query with `query` (given without `?`), without
/// a reload or a new history entry.
#[cfg(target_arch = "wasm32")]
pub(crate) fn replace_query(query: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let url = format!("?{query}");
        let _ =
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url.as_str()));
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn replace_query(_query: &str) {}

/// Sets `data-<key>` of the page's `<body>` (`key` in camel case, as the
/// dataset spells it).
#[cfg(target_arch = "wasm32")]
pub(crate) fn set_data(key: &str, value: &str) {
    use wasm_bindgen::JsCast;
    let body = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(body) = body {
        let _ = body.dataset().set(key, value);
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn set_data(_key: &str, _value: &str) {}

/// Milliseconds since the page started navigating (`performance.now()`).
#[cfg(target_arch = "wasm32")]
pub(crate) fn since_navigation_ms() -> Option<f64> {
    web_sys::window()?.performance().map(|p| p.now())
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn since_navigation_ms() -> Option<f64> {
    None
}

/// The page's `localStorage`, or why it cannot be had.
#[cfg(target_arch = "wasm32")]
pub(crate) fn local_storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| "the browser's storage is not available".to_string())
}

/// Whether the browser asks for less motion (`prefers-reduced-motion`).
#[cfg(target_arch = "wasm32")]
pub(crate) fn prefers_reduced_motion() -> bool {
    // matchMedia through JavaScript's own names: no web-sys feature (and
    // rebuild) for one question.
    use wasm_bindgen::JsCast;
    let ask = || -> Option<bool> {
        let window = web_sys::window()?;
        let match_media = js_sys::Reflect::get(&window, &"matchMedia".into())
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        let query = match_media
            .call1(&window, &"(prefers-reduced-motion: reduce)".into())
            .ok()?;
        js_sys::Reflect::get(&query, &"matches".into())
            .ok()?
            .as_bool()
    };
    ask().unwrap_or(false)
}

/// The browser's languages, most wanted first (`navigator.languages`, else
/// `navigator.language`).
#[cfg(target_arch = "wasm32")]
pub(crate) fn languages() -> Vec<String> {
    // Through JavaScript's own names: no web-sys feature (and rebuild) for
    // one question.
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

/// Says `text` through the page's live region (`#announcer`), which
/// screen readers read as it changes.
#[cfg(target_arch = "wasm32")]
pub(crate) fn announce(text: &str) {
    if let Some(region) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("announcer"))
    {
        region.set_text_content(Some(text));
    }
}

/// Calls `f` after `ms` milliseconds (`setTimeout`).
#[cfg(target_arch = "wasm32")]
pub(crate) fn call_later(ms: i32, f: impl FnOnce() + 'static) {
    use wasm_bindgen::JsCast;
    let callback = wasm_bindgen::closure::Closure::once_into_js(f);
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), ms);
    }
}
