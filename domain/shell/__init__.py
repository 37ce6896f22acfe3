"""Reading shell text: one reader for routing (hooks) and permission rules alike.

``reader`` turns a command line into simple commands (words with quotes removed, redirections,
heredoc bodies, pipelines); ``programs`` knows which programs run other programs and how
their options look; ``invocations`` follows a script into everything it would run. Both the
hook's routing and the permission engine read shell text only through this package, so they
see the same commands in the same words. Values are ``domain.hooks.value.Value`` slotted
classes: ``capy hook`` loads this package on every Bash call (ADR 0020).
"""
