//! `incidentlib review DRAFT.json [--html FILE]` and `review --accept REVIEWED.json --library DIR`.
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The draft case (its `.review.json` and `.txt` are read from beside it).
    #[arg(value_name = "DRAFT.json", required_unless_present = "accept")]
    pub draft: Option<PathBuf>,
    /// Where to write the page (default: beside the draft, `.html`).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// A reviewed case exported from the page, to write into the library.
    #[arg(long, value_name = "REVIEWED.json", requires = "library")]
    pub accept: Option<PathBuf>,
    /// The library folder for --accept.
    #[arg(long, value_name = "DIR")]
    pub library: Option<PathBuf>,
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    if let Some(reviewed) = &args.accept {
        let vocab = cli.vocabulary()?;
        let library = args.library.as_ref().expect("clap requires --library");
        match crate::review::accept::accept(reviewed, library, &vocab) {
            Ok(done) => {
                println!("{}", done.path.display());
                if let Some(note) = &done.ledger_note {
                    eprintln!("warning: {note}");
                }
                return Ok(0);
            }
            Err(e) => {
                eprintln!("error: {e:#}");
                return Ok(1);
            }
        }
    }
    let draft = args.draft.as_ref().expect("clap requires DRAFT.json");
    let files = crate::review::load_draft(draft)?;
    let html = crate::review::render(&files);
    let out = args
        .html
        .clone()
        .unwrap_or_else(|| draft.with_extension("html"));
    crate::case::io::write_atomic(&out, html.as_bytes())?;
    println!("{}", out.display());
    Ok(0)
}
