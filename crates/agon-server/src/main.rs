//! `agon-server`: see `agon-server --help` and the README's "Hosting the
//! online server".

#[tokio::main]
async fn main() {
    let options = match agon_server::Options::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) if e == agon_server::USAGE => {
            println!("{e}");
            return;
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = agon_server::run(options).await {
        eprintln!("agon-server: {e}");
        std::process::exit(1);
    }
}
