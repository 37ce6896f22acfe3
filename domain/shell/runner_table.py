"""The programs capy knows to run another program, and how their options look.

Each entry says which options take a value (so ``sudo -u root rm`` is read as ``rm``), which
take a shell script (``su -c``) or a command line to split (``env -S``), how many operands
come before the command (``timeout 5``), and whether input adds arguments (``xargs``).
"""

from __future__ import annotations

import functools

from domain.hooks.value import Value


class Runner(Value):
    """How one runner's arguments look.

    ``values``: short option letters and long options that take a value (a long option mapped
    to how many words it takes); ``scripts``: options whose value is a shell script (``su -c``);
    ``split``: options whose value is split into the command's words (``env -S``);
    ``optional``: short letters whose value may only be attached (``xargs -i{}``);
    ``operands``: words after the options that are not the command (``timeout 5``);
    ``joined``: the command words are joined into one shell script (``watch``, ``parallel``);
    ``appends``: the command gets more arguments at run time (``xargs``);
    ``command``: whether words after the options are a command at all (``su`` takes a user);
    ``permute``: options may follow operands (``su root -c …``);
    ``verbatim``: no options, the rest is the command (``gdb --args``).
    """

    __slots__ = (
        "appends",
        "command",
        "joined",
        "known",
        "long_values",
        "operands",
        "optional",
        "permute",
        "scripts",
        "short_values",
        "split",
        "verbatim",
    )
    short_values: frozenset[str]
    long_values: dict[str, int]
    scripts: frozenset[str]
    split: frozenset[str]
    optional: frozenset[str]
    known: frozenset[str]
    operands: int
    joined: bool
    appends: bool
    command: bool
    permute: bool
    verbatim: bool

    def __init__(
        self,
        values: str = "",
        *,
        flags: str = "",
        scripts: str = "",
        split: str = "",
        optional: str = "",
        operands: int = 0,
        joined: bool = False,
        appends: bool = False,
        command: bool = True,
        permute: bool = False,
        verbatim: bool = False,
    ) -> None:
        short: set[str] = set()
        long: dict[str, int] = {}
        for item in values.split():
            if item.startswith("--"):
                name, _, arity = item.partition("*")
                long[name] = int(arity) if arity else 1
            else:
                short.update(item.lstrip("-"))
        script_set = frozenset(scripts.split())
        split_set = frozenset(split.split())
        known = set(flags.split()) | set(long) | script_set | split_set
        self._init(
            short_values=frozenset(short),
            long_values=long,
            scripts=script_set,
            split=split_set,
            optional=frozenset(optional),
            known=frozenset(known),
            operands=operands,
            joined=joined,
            appends=appends,
            command=command,
            permute=permute,
            verbatim=verbatim,
        )


RUNNER_NAMES = frozenset(
    {
        "builtin",
        "busybox",
        "screen",
        "bwrap",
        "caffeinate",
        "catchsegv",
        "cgexec",
        "chpst",
        "chronic",
        "chroot",
        "chrt",
        "command",
        "coproc",
        "daemonize",
        "dbus-run-session",
        "doas",
        "dumb-init",
        "eatmydata",
        "env",
        "exec",
        "fakechroot",
        "fakeroot",
        "firejail",
        "flock",
        "ifne",
        "ionice",
        "ltrace",
        "nice",
        "nocache",
        "nohup",
        "nsenter",
        "numactl",
        "parallel",
        "pkexec",
        "prlimit",
        "proxychains",
        "proxychains4",
        "rlwrap",
        "run0",
        "runuser",
        "script",
        "setpriv",
        "setsid",
        "sshpass",
        "stdbuf",
        "strace",
        "su",
        "sudo",
        "systemd-run",
        "taskset",
        "time",
        "timeout",
        "tini",
        "torsocks",
        "tsocks",
        "unbuffer",
        "unshare",
        "valgrind",
        "watch",
        "xargs",
        "xvfb-run",
    }
)
SUBCOMMAND_PROGRAMS = frozenset(
    {
        "asdf",
        "aws-vault",
        "bundle",
        "capsh",
        "conda",
        "direnv",
        "doppler",
        "gdb",
        "hatch",
        "mamba",
        "mise",
        "nix",
        "nvm",
        "op",
        "pdm",
        "pipenv",
        "pnpm",
        "poetry",
        "pyenv",
        "rbenv",
        "uv",
    }
)


@functools.cache
def tables() -> tuple[dict[str, Runner], dict[tuple[str, str], Runner]]:
    """Built on first use: most commands the hook checks start with no runner at all."""
    _SUDO = Runner(
        "-ughpCDrtUTR --user --group --host --prompt --close-from --chdir --role --type "
        "--other-user --command-timeout --chroot",
        flags="--login --shell --preserve-env --non-interactive --background --stdin --edit "
        "--set-home --reset-timestamp --remove-timestamp --askpass --bell",
    )
    _SU = Runner(
        "-gGsw --group --supp-group --shell --whitelist-environment",
        flags="--login --preserve-environment --pty --fast",
        scripts="-c -C --command --session-command",
        command=False,
        permute=True,
    )

    RUNNERS: dict[str, Runner] = {
        "sudo": _SUDO,
        "doas": Runner("-uC", flags=""),
        "pkexec": Runner("--user", flags="--disable-internal-agent --keep-cwd"),
        "run0": Runner(
            "-uDg --user --group --chdir --setenv --property --description --slice --nice "
            "--unit --machine --background",
            flags="--no-ask-password",
        ),
        "su": _SU,
        "runuser": Runner(
            "-ugGsw --user --group --supp-group --shell --whitelist-environment",
            flags="--login --preserve-environment --pty",
            scripts="-c --command --session-command",
            permute=True,
        ),
        "script": Runner(
            "-EIOBTmo --echo --log-in --log-out --log-io --log-timing --logging-format "
            "--output-limit",
            flags="--append --return --flush --force --quiet --timing",
            optional="t",
            scripts="-c --command",
            command=False,
            permute=True,
        ),
        "flock": Runner(
            "-wE --timeout --conflict-exit-code",
            flags="--shared --exclusive --unlock --nonblock --close --no-fork --verbose",
            scripts="-c --command",
            operands=1,
        ),
        "timeout": Runner(
            "-sk --signal --kill-after", flags="--preserve-status --foreground", operands=1
        ),
        "nice": Runner("-n --adjustment"),
        # util-linux prlimit: resource limits take their value attached (-n10, --nofile=10).
        "prlimit": Runner(
            "-po --pid --output "
            + " ".join(
                f"--{name}*0"
                for name in [
                    "core",
                    "data",
                    "nice",
                    "fsize",
                    "sigpending",
                    "memlock",
                    "rss",
                    "nofile",
                    "msgqueue",
                    "rtprio",
                    "stack",
                    "cpu",
                    "nproc",
                    "as",
                    "locks",
                    "rttime",
                ]
            ),
            flags="--noheadings --raw --verbose",
            optional="cdefilmnqrstuvxy",
        ),
        "nohup": Runner(),
        "time": Runner("-fo --format --output", flags="--portability --verbose --append --quiet"),
        "env": Runner(
            "-uCPa --unset --chdir --argv0 --block-signal*0 --default-signal*0 --ignore-signal*0",
            flags="--ignore-environment --null --debug --list-signal-handling",
            split="-S --split-string",
        ),
        "command": Runner(flags=""),
        "builtin": Runner(),
        "exec": Runner("-a"),
        "stdbuf": Runner("-ioe --input --output --error"),
        "setsid": Runner(flags="--ctty --fork --wait"),
        "ionice": Runner("-cnp --class --classdata --pid --pgid --uid", flags="--ignore"),
        "taskset": Runner(flags="--all-tasks --cpu-list", operands=1),
        "chrt": Runner("-T -P -D --sched-runtime --sched-period --sched-deadline", operands=1),
        "numactl": Runner(
            "-imNCpPw --interleave --membind --cpunodebind --physcpubind --preferred "
            "--preferred-many --weighted-interleave",
            flags="--localalloc --all --balancing",
        ),
        "chroot": Runner("--userspec --groups", flags="--skip-chdir", operands=1),
        "unshare": Runner(
            "-SGRw --setuid --setgid --root --wd --map-user --map-group "
            "--map-users --map-groups --propagation --setgroups"
        ),
        "nsenter": Runner("-tSG --target --setuid --setgid", optional="rwmuipnUCT"),
        "setpriv": Runner(
            "--reuid --regid --groups --inh-caps --ambient-caps --bounding-set --securebits "
            "--pdeathsig --selinux-label --apparmor-profile --ruid --euid --rgid --egid",
            flags="--clear-groups --keep-groups --init-groups --no-new-privs --reset-env",
        ),
        "xargs": Runner(
            "-aEILnPsd --arg-file --delimiter --max-args --max-procs --max-chars "
            "--process-slot-var",
            flags="--null --interactive --no-run-if-empty --verbose --exit --open-tty "
            "--show-limits",
            optional="eil",
            appends=True,
        ),
        "parallel": Runner(
            "-jSadCIELNnl --jobs --sshlogin --arg-file --delimiter --colsep --joblog --results "
            "--tmpdir --eof --max-args --max-lines --timeout --delay --load --memfree --tag-string",
            joined=True,
            appends=True,
        ),
        "watch": Runner("-nq --interval --equexit", optional="d", joined=True),
        "strace": Runner("-oepsuPSaIbXO"),
        "ltrace": Runner("-oepsunaxA"),
        "valgrind": Runner(),
        "busybox": Runner(),
        "screen": Runner("-SceXhpTstU"),
        "coproc": Runner(),
        "caffeinate": Runner("-tw"),
        "unbuffer": Runner(),
        "nocache": Runner(),
        "eatmydata": Runner(),
        "chronic": Runner(),
        "ifne": Runner(),
        "fakeroot": Runner("-lsi --lib --faked"),
        "fakechroot": Runner("-lcde --lib --config-dir --environment"),
        "proxychains": Runner("-f"),
        "proxychains4": Runner("-f"),
        "torsocks": Runner("-uapP --user --pass --address --port"),
        "tsocks": Runner(),
        "firejail": Runner(),
        "catchsegv": Runner(),
        "tini": Runner("-eplk"),
        "dumb-init": Runner("-r --rewrite"),
        "rlwrap": Runner("-afHPslqOpSwz --break-chars --file --history-filename --prompt-colour"),
        "sshpass": Runner("-pfdP"),
        "cgexec": Runner("-g", flags="--sticky"),
        "xvfb-run": Runner("-nsfepw --server-num --server-args --auth-file --error-file"),
        "dbus-run-session": Runner("--config-file --dbus-daemon"),
        "daemonize": Runner("-aceoplruE"),
        "chpst": Runner("-uUenlLmdopfcrt"),
        "systemd-run": Runner(
            "-upEHMd --unit --property --setenv --host --machine --description --slice --uid "
            "--gid --nice --working-directory --on-calendar --on-active --on-boot --service-type",
        ),
        "bwrap": Runner(
            "--bind*2 --ro-bind*2 --dev-bind*2 --bind-try*2 --ro-bind-try*2 --dev-bind-try*2 "
            "--symlink*2 --setenv*2 --file*2 --bind-data*2 --ro-bind-data*2 --chmod*2 --unsetenv "
            "--chdir --dev --proc --tmpfs --dir --uid --gid --hostname --lock-file --sync-fd "
            "--args --info-fd --json-status-fd --seccomp --add-seccomp-fd --cap-add --cap-drop "
            "--remount-ro --exec-label --file-label --perms --size --userns --userns2 --pidns "
            "--block-fd --userns-block-fd --argv0 --mqueue --overlay-src --tmp-overlay "
            "--ro-overlay --overlay*3",
        ),
    }
    # ``tool run …``-style launchers: (program, subcommand) → how the rest looks
    SUBCOMMAND_RUNNERS: dict[tuple[str, str], Runner] = {
        ("uv", "run"): Runner(
            "-pw --with --with-requirements --with-editable --python --directory --project "
            "--package --extra --group --env-file --index --default-index --only-group"
        ),
        ("poetry", "run"): Runner("-PC --directory --project"),
        ("pipenv", "run"): Runner(),
        ("pdm", "run"): Runner("-p --project"),
        ("hatch", "run"): Runner(),
        ("bundle", "exec"): Runner("--gemfile"),
        ("pnpm", "exec"): Runner("-C --dir --filter"),
        ("conda", "run"): Runner("-np --name --prefix --cwd"),
        ("mamba", "run"): Runner("-np --name --prefix --cwd"),
        ("mise", "exec"): Runner("-C --cd --env"),
        ("mise", "x"): Runner("-C --cd --env"),
        ("asdf", "exec"): Runner(),
        ("rbenv", "exec"): Runner(),
        ("pyenv", "exec"): Runner(),
        ("nvm", "exec"): Runner(operands=1),
        ("direnv", "exec"): Runner(operands=1),
        ("doppler", "run"): Runner("-pc --project --config --command"),
        ("op", "run"): Runner("--env-file --account"),
        ("aws-vault", "exec"): Runner("-d --duration --region", operands=1),
        ("nix", "develop"): Runner("-c --command*0"),
        ("nix", "shell"): Runner("-c --command*0"),
        ("gdb", "--args"): Runner(verbatim=True),
        ("capsh", "--"): Runner(verbatim=True),
    }
    return RUNNERS, SUBCOMMAND_RUNNERS


SHELLS = frozenset(
    {"bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "yash", "rbash", "pdksh", "lksh"}
)
