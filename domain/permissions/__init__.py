"""Permission rules from the host's settings files, and how capy applies them to code it runs."""
