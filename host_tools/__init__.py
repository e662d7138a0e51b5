"""Desktop tools: simulator, build, deploy, data validation, benches."""
