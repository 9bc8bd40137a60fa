//! Quoting text from outside in messages, cut short: an error about a 16 MB
//! token should not be 16 MB long itself.

use std::fmt;

/// The most characters of a text a message quotes.
pub const QUOTE_CHARS: usize = 80;

/// Text quoted and escaped as `{:?}` would, but at most [`QUOTE_CHARS`]
/// characters of it, then `…` inside the quotes when it was cut.
///
/// ```
/// use agon_rules::Quoted;
/// assert_eq!(Quoted("f1-f9").to_string(), r#""f1-f9""#);
/// let long = "é".repeat(100);
/// assert_eq!(Quoted(&long).to_string(), format!("\"{}…\"", "é".repeat(80)));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", Excerpt(self.0))
    }
}

/// [`Quoted`] without the quotes, for a word where a format shows it bare
/// (`illegal action f2-f4 at index 2`): still escaped, still cut.
#[derive(Copy, Clone, Debug)]
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (head, cut) = excerpt(self.0, QUOTE_CHARS);
        // Escaped as Debug escapes a string, without its quotes.
        let escaped = format!("{head:?}");
        f.write_str(&escaped[1..escaped.len() - 1])?;
        if cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// The first `max_chars` characters of `text`, cut on a character boundary,
/// and whether anything was cut.
pub fn excerpt(text: &str, max_chars: usize) -> (&str, bool) {
    match text.char_indices().nth(max_chars) {
        Some((end, _)) => (&text[..end], true),
        None => (text, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_is_cut() {
        assert_eq!(Quoted("").to_string(), "\"\"");
        assert_eq!(Quoted("a\"b\n").to_string(), r#""a\"b\n""#);
        let exact = "x".repeat(QUOTE_CHARS);
        assert_eq!(Quoted(&exact).to_string(), format!("\"{exact}\""));
        let huge = "y".repeat(16 << 20);
        assert_eq!(
            Quoted(&huge).to_string(),
            format!("\"{}…\"", "y".repeat(QUOTE_CHARS))
        );
    }

    #[test]
    fn cutting_keeps_characters_whole() {
        // Four-byte characters: a byte cut at 80 would split one.
        let text = "🂡".repeat(QUOTE_CHARS + 1);
        let (head, cut) = excerpt(&text, QUOTE_CHARS);
        assert!(cut);
        assert_eq!(Excerpt("f2-f4").to_string(), "f2-f4");
        assert_eq!(Excerpt(&text).to_string(), format!("{head}…"));
        assert_eq!(head.chars().count(), QUOTE_CHARS);
        assert_eq!(excerpt("ab", 2), ("ab", false));
    }
}
