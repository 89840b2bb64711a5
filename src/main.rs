//! The `incidentlib` binary: parse the command line, run one command, map errors to exit codes.
use clap::Parser;

mod alloc;

/// Exit status of a Unix filter whose reader went away (128 + SIGPIPE).
const BROKEN_PIPE_EXIT: i32 = 141;

fn main() {
    alloc::init();
    // `incidentlib times … | head`: when the reader closes the pipe, stop quietly as a Unix
    // filter would. (SIGPIPE itself stays ignored, so a write to a reset socket during a link
    // check is an error to handle, not a signal that kills the process.)
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.contains("failed printing to stdout") && msg.contains("Broken pipe") {
            std::process::exit(BROKEN_PIPE_EXIT);
        }
        default_hook(info);
    }));
    let cli = incidentlib::cli::Cli::parse();
    if matches!(cli.command, incidentlib::cli::Command::Links(_)) {
        alloc::set_purge_delay_ms(alloc::LINKS_PURGE_DELAY_MS);
    }
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
