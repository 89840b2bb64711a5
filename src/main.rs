//! The `incidentlib` binary: parse the command line, run one command, map errors to exit codes.
use clap::Parser;

fn main() {
    // Like other Unix filters, stop quietly when the reader goes away (`incidentlib … | head`)
    // instead of panicking on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = incidentlib::cli::Cli::parse();
    incidentlib::cli::init_logging(cli.verbose, cli.quiet);
    let code = match incidentlib::cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            2
        }
    };
    std::process::exit(code);
}
