//! `incidentlib schema`: print the JSON Schema of the case record, generated from the types.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: &Args) -> anyhow::Result<i32> {
    let schema = schemars::schema_for!(crate::case::Case);
    println!("{}", serde_json::to_string_pretty(&schema)?);
    Ok(0)
}
