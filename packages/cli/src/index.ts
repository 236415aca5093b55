// mcpwire-cli: its public names, from one entry.

