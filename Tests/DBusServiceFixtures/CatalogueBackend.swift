import DBusService
import Synchronization

/// A fixed little catalogue served over the bus by the tests: real data, no
/// mocks. Every call is logged, so a test can check what reached the backend.
///
/// Searching: an item matches when every term is a prefix of one of its words
/// (case-insensitive); results keep catalogue order. No terms, no results.
public final class CatalogueBackend: SearchProviderBackend, Sendable {
    public struct Item: Sendable {
        public var id: String
        public var name: String
        public var description: String?
        public var icon: String?
        public var url: String?
        public var actions: [String]?
    }

    /// How a failing backend fails.
    public enum Failure: Sendable {
        /// Throws BusMethodError with a chosen D-Bus error name.
        case busError
        /// Throws a plain Swift error (the service names it Error.Failed).
        case swiftError
        /// Throws BusMethodError with a name D-Bus does not allow.
        case invalidErrorName
    }

    public struct PlainError: Error, CustomStringConvertible {
        public var description: String { "the catalogue is unreadable" }
    }

    public static let standardItems: [Item] = [
        Item(id: "app:org.gnome.gedit.desktop", name: "Text Editor", description: "Edit text files",
             icon: "org.gnome.gedit", actions: []),
        Item(id: "app:xterm.desktop", name: "XTerm", description: "standard terminal emulator",
             icon: "xterm-color", actions: []),
        Item(id: "file:///home/ada/trails.gpx", name: "Monterey Bay trail", description: "GPX track, 12 km",
             icon: "/usr/share/icons/hicolor/48x48/apps/trails.png", url: "file:///home/ada/trails.gpx",
             actions: ["open-containing", "copy-path"]),
        Item(id: "shortcut:com.example.trails/start-run", name: "Start a run in Trails"),
    ]

    public static let standardActions: [RunnerAction] = [
        RunnerAction(id: "open-containing", text: "Open Containing Folder", iconName: "document-open-folder"),
        RunnerAction(id: "copy-path", text: "Copy Path", iconName: "edit-copy"),
    ]

    public let items: [Item]
    public let failure: Failure?
    private let calls = Mutex<[String]>([])

    public init(items: [Item] = CatalogueBackend.standardItems, failure: Failure? = nil) {
        self.items = items
        self.failure = failure
    }

    /// `count` items "Item 0001" … with ids `item:0001` …, for large result sets.
    public static func synthetic(count: Int) -> CatalogueBackend {
        CatalogueBackend(items: (1...count).map { n in
            let number = String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n)
            return Item(id: "item:\(number)", name: "Item \(number)", description: "synthetic item \(n)",
                        icon: "text-x-generic")
        })
    }

    /// Every call so far, as "Method(arguments)"; `willHandleCall` logs "hook:Method".
    public var log: [String] { calls.withLock { $0 } }

    private func record(_ entry: String) { calls.withLock { $0.append(entry) } }

    private func failIfAsked() throws {
        switch failure {
        case .busError?:
            throw BusMethodError(name: "org.limelight.Limelight.Error.NoIndex",
                                 message: "no index at /nonexistent/index")
        case .swiftError?:
            throw PlainError()
        case .invalidErrorName?:
            throw BusMethodError(name: "no index", message: "no index at /nonexistent/index")
        case nil:
            break
        }
    }

    private func matching(_ terms: [String], among candidates: [Item]) -> [Item] {
        let wanted = terms.map { $0.lowercased() }.filter { !$0.isEmpty }
        guard !wanted.isEmpty else { return [] }
        return candidates.filter { item in
            let words = item.name.lowercased().split(separator: " ")
            return wanted.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
        }
    }

    public func willHandleCall(_ method: BusMethod) {
        record("hook:\(method.rawValue)")
    }

    public func initialResultSet(terms: [String]) throws -> [String] {
        record("GetInitialResultSet(\(terms))")
        try failIfAsked()
        return matching(terms, among: items).map(\.id)
    }

    public func subsearchResultSet(previous: [String], terms: [String]) throws -> [String] {
        record("GetSubsearchResultSet(\(previous), \(terms))")
        try failIfAsked()
        return matching(terms, among: items.filter { previous.contains($0.id) }).map(\.id)
    }

    /// Answers in reverse catalogue order on purpose: the service must put
    /// them back in the requested order.
    public func resultMetas(ids: [String]) throws -> [ResultMeta] {
        record("GetResultMetas(\(ids.count) ids)")
        try failIfAsked()
        let wanted = Set(ids)
        return items.reversed().filter { wanted.contains($0.id) }.map {
            ResultMeta(id: $0.id, name: $0.name, description: $0.description, icon: $0.icon)
        }
    }

    public func activateResult(id: String, terms: [String], timestamp: UInt32) throws {
        record("ActivateResult(\(id), \(terms), \(timestamp))")
        try failIfAsked()
    }

    public func launchSearch(terms: [String], timestamp: UInt32) throws {
        record("LaunchSearch(\(terms), \(timestamp))")
        try failIfAsked()
    }

    public func krunnerMatch(query: String) throws -> [RunnerMatch] {
        record("Match(\(query))")
        try failIfAsked()
        return matching(query.split(separator: " ").map(String.init), among: items).map { item in
            let exact = item.name.lowercased() == query.lowercased()
            return RunnerMatch(id: item.id, text: item.name, iconName: item.icon ?? "",
                               kind: exact ? .exact : .possible, relevance: exact ? 1 : 0.5,
                               subtext: item.description, urls: item.url.map { [$0] } ?? [],
                               category: "Limelight", actions: item.actions)
        }
    }

    public func krunnerActions() throws -> [RunnerAction] {
        record("Actions()")
        try failIfAsked()
        return Self.standardActions
    }

    public func krunnerRun(matchId: String, actionId: String) throws {
        record("Run(\(matchId), \(actionId))")
        try failIfAsked()
    }

    public func krunnerTeardown() throws {
        record("Teardown()")
        try failIfAsked()
    }

    public func krunnerConfig() throws -> RunnerConfig {
        record("Config()")
        try failIfAsked()
        return RunnerConfig(matchRegex: "^.{2,}$", minLetterCount: 2, triggerWords: ["ll", "limelight"])
    }

    public func krunnerSetActivationToken(_ token: String) throws {
        record("SetActivationToken(\(token))")
        try failIfAsked()
    }
}
