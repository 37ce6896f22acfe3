"""Hook dialects of the host tools capy supports, one ``HookPlatform`` adapter each."""
