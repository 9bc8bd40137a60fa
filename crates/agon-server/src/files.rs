//! The web build (`dist/`) served as web/serve.py serves it: a precompressed
//! twin (`.br`, `.gz`) when the request accepts it, `application/wasm`,
//! and `no-cache` with an `ETag` (the file names carry no hash).

use std::path::{Component, Path, PathBuf};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("wasm") => "application/wasm",
        Some("js") => "text/javascript; charset=utf-8",
        Some("html") => "text/html; charset=utf-8",
        Some("json") => "application/json",
        Some("ogg") => "audio/ogg",
        Some("png") => "image/png",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("ico") => "image/x-icon",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The encodings an Accept-Encoding header allows (q > 0).
fn accepted(headers: &HeaderMap) -> Vec<String> {
    let Some(v) = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
    else {
        return Vec::new();
    };
    v.split(',')
        .filter_map(|part| {
            let mut fields = part.split(';').map(str::trim);
            let name = fields.next()?.to_ascii_lowercase();
            let q = fields
                .find_map(|f| f.strip_prefix("q="))
                .map_or(1.0, |q| q.parse::<f64>().unwrap_or(0.0));
            (!name.is_empty() && q > 0.0).then_some(name)
        })
        .collect()
}

/// The file under `root` a URL path names, never outside it.
fn resolve(root: &Path, uri_path: &str) -> Option<PathBuf> {
    let mut path = root.to_path_buf();
    for part in uri_path.split('/') {
        if part.is_empty() || part == "." {
            continue;
        }
        // No percent-decoding: the build's names are plain; "%2e%2e" stays a name.
        let p = Path::new(part);
        if part.contains('\\')
            || !matches!(p.components().next(), Some(Component::Normal(_)))
            || p.components().count() != 1
        {
            return None;
        }
        path.push(part);
    }
    if path.is_dir() {
        path.push("index.html");
    }
    Some(path)
}

fn status(code: StatusCode, text: &'static str) -> Response {
    let mut r = Response::new(Body::from(text));
    *r.status_mut() = code;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

pub async fn serve_file(root: &Path, method: &Method, uri: &Uri, headers: &HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return status(StatusCode::METHOD_NOT_ALLOWED, "GET or HEAD only\n");
    }
    let Some(path) = resolve(root, uri.path()) else {
        return status(StatusCode::NOT_FOUND, "not found\n");
    };
    let accept = accepted(headers);
    let mut chosen = (path.clone(), None);
    for (suffix, encoding) in [(".br", "br"), (".gz", "gzip")] {
        if accept.iter().any(|a| a == encoding) {
            let mut twin = path.clone().into_os_string();
            twin.push(suffix);
            let twin = PathBuf::from(twin);
            if twin.is_file() {
                chosen = (twin, Some(encoding));
                break;
            }
        }
    }
    let (file, encoding) = chosen;
    let Ok(meta) = tokio::fs::metadata(&file).await else {
        return status(StatusCode::NOT_FOUND, "not found\n");
    };
    if !meta.is_file() {
        return status(StatusCode::NOT_FOUND, "not found\n");
    }
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let etag = format!(
        "\"{:x}-{:x}-{}\"",
        meta.len(),
        mtime,
        encoding.unwrap_or("id")
    );
    let mut r = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
    {
        let mut r = Response::new(Body::empty());
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else if method == Method::HEAD {
        let mut r = Response::new(Body::empty());
        r.headers_mut()
            .insert(header::CONTENT_LENGTH, HeaderValue::from(meta.len()));
        r
    } else {
        match tokio::fs::read(&file).await {
            Ok(bytes) => Response::new(Body::from(bytes)),
            Err(_) => return status(StatusCode::NOT_FOUND, "not found\n"),
        }
    };
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(&path)),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    if let Some(enc) = encoding {
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(enc));
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_root() {
        let root = Path::new("/srv/dist");
        assert_eq!(
            resolve(root, "/agon.js"),
            Some(PathBuf::from("/srv/dist/agon.js"))
        );
        assert_eq!(
            resolve(root, "/a/./b.js"),
            Some(PathBuf::from("/srv/dist/a/b.js"))
        );
        assert_eq!(resolve(root, "/../etc/passwd"), None);
        assert_eq!(resolve(root, "/a/../../x"), None);
        assert_eq!(resolve(root, "/a\\..\\x"), None);
    }

    #[test]
    fn accept_encoding_reads_q_values() {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip;q=0, br"),
        );
        assert_eq!(accepted(&h), vec!["br".to_string()]);
    }
}
