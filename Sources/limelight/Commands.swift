/// Every subcommand, in the order the top-level help lists them.
let commands: [any Command.Type] = [
    IndexCommand.self, SearchCommand.self, SuggestCommand.self, GetCommand.self, ResolveCommand.self,
    ShortcutsCommand.self, DonateCommand.self, ForgetCommand.self, RelevantCommand.self, DeleteCommand.self,
    RebuildCommand.self, CompactCommand.self, StatsCommand.self, ExportCommand.self, ClientStateCommand.self,
    SyncCommand.self, OpenCommand.self, ServeCommand.self, DesktopCommand.self, RofiCommand.self, DmenuCommand.self,
    CompletionsCommand.self, ManpageCommand.self,
    HistoryCommand.self,
]

/// The version `--version` prints.
let version = "0.1.0"
