"""Bots as subprocesses under hard limits, for the referees of every bot game.

Two ways to host a bot, one layer: *spawn per turn* (:class:`SpawnBot`, :func:`run_round`: argv
and files in, the first character or line of stdout out) and *persistent* (:class:`PersistentBot`:
one process for the match, lines on stdin/stdout). A :class:`BotHost` owns the bots of a match:
every bot runs in its own session and process group, in a scratch folder of its seat, with an
explicit environment and rlimits; every wait has a deadline; at the end of a turn or on overrun
the whole group is killed, and the reaper finds descendants that escaped it. Should the process
running the bots be SIGKILLed, its warden (:mod:`arena.bots.warden`) kills them and removes the
folders. Whatever a bot does becomes a :class:`TurnRecord` with a :class:`BotStatus`, never an
exception.
"""

from arena.bots.bwrap import UNSANDBOXED, SandboxPolicy, SandboxUnavailable
from arena.bots.command import BotCommand, BotCommandError
from arena.bots.host import BotHost, CommandLike, HostFactory, Host
from arena.bots.limits import Limits, LimitsError
from arena.bots.persistent import PersistentBot
from arena.bots.records import BotStatus, TurnRecord
from arena.bots.sandbox import InputFiles, SandboxError, bot_environment
from arena.bots.spawn import SpawnBot, TurnInput, run_round
from arena.bots.streams import AnswerRule

__all__ = [
    "AnswerRule", "BotCommand", "BotCommandError", "BotHost", "BotStatus", "CommandLike", "HostFactory", "Host", "InputFiles",
    "Limits", "LimitsError", "PersistentBot", "SandboxError", "SandboxPolicy", "SandboxUnavailable", "SpawnBot",
    "TurnInput", "TurnRecord", "UNSANDBOXED", "bot_environment", "run_round",
]
