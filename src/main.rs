//! The `incidentlib` binary: parse the command line, run one command, map errors to exit codes.
use clap::Parser;

fn main() {
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
