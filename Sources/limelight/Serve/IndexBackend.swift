import DBusService
import LimelightKit

/// `limelight serve`'s answers: GNOME Shell's and KRunner's calls over the
/// index, in Spotlight's order, always from the newest committed generation
/// (the hook before each call asks the `LiveSearcher`, the same mechanism as
/// `search --stdin`).
///
/// Called on the bus thread only, one call at a time (see SearchProviderBackend).
final class IndexBackend: SearchProviderBackend {
    static let notFound = "org.limelight.Limelight.Error.NotFound"

    let location: IndexLocation
    /// nil until there is an index: a service D-Bus starts before the first
    /// `limelight index` (just after `desktop install`) answers with nothing
    /// and opens the index once it is there. (It exited 1, so every keystroke
    /// failed to start it.)
    private var opened: LiveSearcher?
    /// The open index; only after `ready()` found one (`opened` not nil).
    private var live: LiveSearcher { opened! }
    /// How many ids a result set holds (KRunner shows a screenful; GNOME
    /// Shell's at most `gnomeRows`).
    let limit: Int
    /// The rows GNOME Shell shows of a provider's list (its search.js
    /// MAX_LIST_SEARCH_RESULTS_ROWS, 5 since GNOME 3.x). Its result sets hold
    /// no more: of 10, it showed 5 and "5 more", whose click sends
    /// LaunchSearch, for which Limelight has no window (a real GNOME Shell 43:
    /// the overview closed, and the other five were out of reach).
    static let gnomeRows = 5
    /// Hits of recent answers by id, for their rendered titles in metas
    /// (a bound shortcut's title names its entity). They are forgotten as
    /// soon as the index changes (`LiveSearcher.version`), so a deleted item
    /// is never described; an id not among them is looked up in the index.
    private var recent: [String: SearchHit] = [:]
    /// Every app's App Shortcuts as KRunner actions, all and by app, read
    /// once per index version rather than on every session's Actions and
    /// every keystroke's Match.
    private var actions: (all: [RunnerAction], byApp: [String: [RunnerAction]])?
    /// Each app's icon, for its items that name none, and the line under
    /// its own row (read once per index version).
    private var appLooks = AppLooks()
    private var seenVersion = 0
    /// Why the index could not be brought up to date before this call.
    private var refreshError: SearchError?
    /// KRunner's last Match, so that the next keystroke keeps its top hit
    /// (GNOME Shell passes its previous results instead; see subsearchResultSet).
    private var krunnerTyping = TypingMemory()
    /// KRunner's token for its next Run (SetActivationToken, KF6): handed to
    /// the app that Run starts, so that on Wayland it may take the focus.
    private var krunnerActivationToken: String?

    init(location: IndexLocation, limit: Int = 10) throws(SearchError) {
        self.location = location
        self.limit = limit
        opened = try Self.openIfThere(location)
    }

    private static func openIfThere(_ location: IndexLocation) throws(SearchError) -> LiveSearcher? {
        do { return try LiveSearcher(location: location) } catch {
            if case .store(.missing) = error { return nil }
            throw error
        }
    }

    func willHandleCall(_ method: BusMethod) {
        do {
            if opened == nil { opened = try Self.openIfThere(location) }
            _ = try opened?.current()
            refreshError = nil
        } catch {
            refreshError = error
            // The index was removed while serving: answer with nothing, as
            // before the first one, until it is there again (every call
            // failed, and GNOME Shell logged each keystroke's error).
            if case .store(.missing) = error { closeIndex() }
        }
        guard let opened else { return }
        if opened.version != seenVersion {
            seenVersion = opened.version
            recent = [:]
            actions = nil
            appLooks = AppLooks()
        }
    }

    /// Forgets the open index and everything read from it.
    private func closeIndex() {
        opened = nil
        refreshError = nil
        seenVersion = -1  // no index's version: whatever opens next is read afresh
        recent = [:]
        actions = nil
        appLooks = AppLooks()
        krunnerTyping = TypingMemory()
    }

    /// A title as a shell shows it, on one line: control characters, line
    /// separators and bidirectional overrides become spaces, as rofi's and
    /// dmenu's rows have them (a newline in a title split GNOME's row).
    private func shown(_ text: String) -> String { HitFormat.field(text) }

    /// The line under a hit's title: its subtitle, or an app's generic name
    /// or description (`AppLooks`).
    private func subtitle(_ h: SearchHit) throws -> String? {
        try h.subtitle ?? (h.kind == .app ? appLooks.description(of: h.app, live.lookup) : nil)
    }

    private func ready() throws {
        if let refreshError { throw BusMethodError(message: refreshError.description) }
    }

    /// The hits for `query` with their result ids (made once: escaping them is
    /// a noticeable share of a keystroke's work in the service). A top hit
    /// is kept from KRunner's last Match (`fromKRunner`), or as GNOME Shell
    /// says it was (`keepOnTop`), while the query still starts its title.
    private func search(_ query: String, fromKRunner: Bool = false,
                        keepOnTop: SearchHit.Identity? = nil) throws -> [(id: String, hit: SearchHit)] {
        try ready()
        guard opened != nil else { return [] }
        var request = SearchRequest(query: query)
        request.explained = false
        request.limit = fromKRunner ? limit : min(limit, Self.gnomeRows)
        request.keepOnTop = keepOnTop
        let response = fromKRunner ? try krunnerTyping.search(request, on: live.searcher) : try live.searcher.search(request)
        let hits = response.hits.map { (id: HitID($0).text, hit: $0) }
        if recent.count > 4096 { recent = [:] }
        for h in hits { recent[h.id] = h.hit }
        return hits
    }

    // MARK: org.gnome.Shell.SearchProvider2

    func initialResultSet(terms: [String]) throws -> [String] {
        let query = terms.joined(separator: " ")
        // GNOME calls with no terms only when the entry is blank: nothing to show.
        guard !query.isBlank else { return [] }
        return try search(query).map(\.id)
    }

    /// The shell asks for a subsearch only when the new terms extend the
    /// ones that gave `previous` (its search string starts with the old
    /// one), so the first of them, the top hit it showed, stays first while
    /// the query still starts its title.
    func subsearchResultSet(previous: [String], terms: [String]) throws -> [String] {
        let query = terms.joined(separator: " ")
        guard !query.isBlank else { return [] }
        return try search(query, keepOnTop: previous.first.flatMap(HitID.init(text:))?.identity).map(\.id)
    }

    func resultMetas(ids: [String]) throws -> [ResultMeta] {
        try ready()
        guard opened != nil else { return [] }
        var metas: [ResultMeta] = []
        for text in ids {
            if let h = recent[text] {
                // Answered from this very version of the index: it exists.
                metas.append(ResultMeta(id: text, name: shown(h.title), description: try subtitle(h).map(shown), icon: BusIcon.name(try h.icon ?? appLooks.icon(of: h.app, live.lookup))))
            } else if let hit = HitID(text: text), try Activation.exists(hit, live.lookup), let meta = try describe(hit, text) {
                metas.append(meta)
            }
        }
        return metas
    }

    /// A meta from the stored record, for an id not among recent answers.
    private func describe(_ hit: HitID, _ text: String) throws -> ResultMeta? {
        let lookup = live.lookup
        switch hit.kind {
        case .app:
            guard let r = try lookup.record(kind: .app, app: hit.app, id: nil) else { return nil }
            return ResultMeta(id: text, name: shown(r.name.isEmpty ? hit.app : r.name), description: try appLooks.description(of: hit.app, lookup).map(shown),
                              icon: BusIcon.name(try r.icon ?? appLooks.icon(of: hit.app, lookup)))
        case .entity:
            guard let r = try lookup.entity(app: hit.app, type: hit.type ?? "", id: hit.id) else { return nil }
            return ResultMeta(id: text, name: shown(r.title), description: r.subtitle.map(shown), icon: BusIcon.name(try r.icon ?? appLooks.icon(of: hit.app, lookup)))
        case .shortcut:
            guard let r = try lookup.record(kind: .shortcut, app: hit.app, id: hit.id) else { return nil }
            // Bound to a value, it is named with it, as search lists it (each
            // of a shortcut's values was an identical "Open Doc" row).
            let name = try hit.parameter.flatMap { v in try lookup.boundShortcutTitle(app: hit.app, id: hit.id, value: v) }
            return ResultMeta(id: text, name: shown(name ?? r.title), icon: BusIcon.name(try r.icon ?? appLooks.icon(of: hit.app, lookup)))
        }
    }

    func activateResult(id: String, terms: [String], timestamp: UInt32) throws {
        try open(id)
    }

    /// Limelight has no window of its own to show every result in; the shell's
    /// list is the whole answer. Accepted, so the shell shows no error.
    func launchSearch(terms: [String], timestamp: UInt32) throws {
        try ready()
    }

    private func open(_ text: String, activationToken: String? = nil) throws {
        try ready()
        guard let hit = HitID(text: text) else {
            throw BusMethodError(name: Self.notFound, message: "'\(text)' is not a Limelight result id")
        }
        guard opened != nil else {
            throw BusMethodError(name: Self.notFound, message: "no index at \(location.path) yet: '\(text)' is not in it")
        }
        do {
            try Activation.open(hit, lookup: live.lookup, location: location, activationToken: activationToken)
        } catch {
            // Said on stderr (the service's journal) too: KRunner sends Run
            // without reading its reply, and a click that opened nothing
            // left no trace anywhere.
            let outcome = ExitStatus.outcome(error)
            switch outcome {
            case let .failed(_, message), let .usage(message): Output.err("could not open \(text): \(message)")
            case let .rejected(lines): Output.err("could not open \(text): \(lines.joined(separator: "; "))")
            }
            // What would exit 1 (not in the index, nothing to launch) is "not found"; busy and the like are failures.
            guard case .failed(ExitStatus.failure, let message) = outcome else { throw error }
            throw BusMethodError(name: Self.notFound, message: message)
        }
    }

    // MARK: org.kde.krunner1

    func krunnerMatch(query: String) throws -> [RunnerMatch] {
        guard !query.isBlank else {
            krunnerTyping = TypingMemory()  // the text was cleared: what comes next is typed afresh
            return []
        }
        let hits = try search(query, fromKRunner: true)
        let shortcutsByApp = hits.contains { $0.hit.kind == .app } ? try shortcutActions().byApp : [:]
        // Spotlight's order, kept: KRunner sorts by kind, then relevance. It
        // adds 0.5·(1 − e^(−0.3·n)) for n launches it saw of a match (0.13
        // after one), so the steps are 0.1 where they can be: 0.01 apart,
        // one launch moved an item 13 places, counting a use Limelight's
        // order already counts (a real KRunner 5.27).
        let step = hits.count > 1 ? min(0.1, 0.99 / Double(hits.count - 1)) : 0
        return try hits.enumerated().map { (i, found) in
            let h = found.hit
            let kind: MatchKind
            switch h.section {
            case .topHit: kind = .exact
            case .shortcuts: kind = .helper
            case .results, .suggestions: kind = .possible
            case .someWords: kind = .completion
            }
            return RunnerMatch(
                id: found.id, text: shown(h.title), iconName: BusIcon.name(try h.icon ?? appLooks.icon(of: h.app, live.lookup)), kind: kind,
                relevance: max(0.01, 1 - Double(i) * step),
                subtext: try subtitle(h).map(shown), urls: h.url.map { [$0] } ?? [], category: h.section.heading,
                actions: h.kind == .app ? shortcutsByApp[h.app]?.map(\.id) ?? [] : [])
        }
    }

    /// An app match offers its App Shortcuts as actions. KRunner asks at the
    /// start of every match session and holds the first Match until they
    /// come: read once per index version (each read took 10–18 ms of a
    /// release build for 900 shortcuts, a real KRunner 5.27).
    func krunnerActions() throws -> [RunnerAction] {
        try ready()
        guard opened != nil else { return [] }
        return try shortcutActions().all
    }

    /// Each App Shortcut as an action, with its own icon, else its app's;
    /// and by app.
    private func shortcutActions() throws -> (all: [RunnerAction], byApp: [String: [RunnerAction]]) {
        if let actions { return actions }
        let made = try live.lookup.allShortcuts().map { r in
            (r.app, RunnerAction(id: HitID(kind: .shortcut, app: r.app, id: r.id).text, text: shown(r.title),
                                 iconName: BusIcon.name(try r.icon ?? appLooks.icon(of: r.app, live.lookup))))
        }
        let read = (all: made.map(\.1), byApp: Dictionary(grouping: made, by: \.0).mapValues { $0.map(\.1) })
        actions = read
        return read
    }

    func krunnerRun(matchId: String, actionId: String) throws {
        // A token is for one start (krunner1.xml: for the next Run).
        defer { krunnerActivationToken = nil }
        // An action is one the match offers (an app match, its App
        // Shortcuts): a call that paired a match with another app's action
        // ran that action.
        if !actionId.isEmpty {
            guard let match = HitID(text: matchId), match.kind == .app, let action = HitID(text: actionId),
                  action.kind == .shortcut, action.app == match.app else {
                throw BusMethodError(name: "org.freedesktop.DBus.Error.InvalidArgs",
                                     message: "'\(actionId)' is not an action of match '\(matchId)'")
            }
        }
        try open(actionId.isEmpty ? matchId : actionId, activationToken: krunnerActivationToken)
    }

    func krunnerSetActivationToken(_ token: String) throws {
        krunnerActivationToken = token.isEmpty ? nil : token
    }

    /// The match session is over: the next query starts afresh.
    func krunnerTeardown() throws {
        krunnerTyping = TypingMemory()
    }

    func krunnerConfig() throws -> RunnerConfig {
        RunnerConfig(minLetterCount: 1)
    }
}
