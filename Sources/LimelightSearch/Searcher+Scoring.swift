import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    // MARK: Scoring

    /// A candidate scored but not yet made a hit: a hit is a dozen strings,
    /// and of a short prefix's ~80 candidates a page shows ten. Making,
    /// sorting, copying and freeing a hit for every candidate was a quarter
    /// of a 1–4-letter keystroke's instructions on the Debian catalog
    /// (Benchmarks/ANALYSIS.md §10); `run` sorts these and makes hits of
    /// the rows it shows (`hit(_:_:)`), whose components are named then.
    struct Scored {
        /// The candidate's card (shared with the snapshot cache, not copied).
        let entry: SnapshotCache.Entry
        var score: Double
        /// The text parts of its `Scorer.Candidate`, as scored.
        let textWeight: Double, titleBonus: Double
        /// The `titleMatch` component (0 when there is none), as `SearchHit.titleMatch`.
        let titleMatch: Double
        /// Whether the query is its whole title (`RankingWeights.exactTitle`).
        let isExactTitle: Bool
        /// Put first by `SearchRequest.keepOnTop` (see `keep(_:onTopOf:_:text:)`).
        var keptOnTop = false
    }

    /// The match as a hit (the layout's extra App Shortcuts).
    func hit(from m: Match, text: QueryText, _ situation: Scorer.Situation) throws(XapianError) -> SearchHit? {
        try score(m, text: text, situation).map { hit($0, situation) }
    }

    /// The match scored (nil for a document that is not a search hit).
    func score(_ m: Match, text: QueryText, _ situation: Scorer.Situation) throws(XapianError) -> Scored? {
        guard let entry = try card(of: m) else { return nil }
        let (c, exact) = Self.candidate(m, entry, text: text, situation, pending: pending)
        let total = Scorer.total(c, situation)
        return Scored(entry: entry, score: total.score, textWeight: c.textWeight, titleBonus: c.titleMatch,
                      titleMatch: total.titleMatch, isExactTitle: exact)
    }

    /// The candidate `m` with card `entry` as the scorer sees it for `text`.
    /// (Functions taking the entry: built in `score`, where the entry is a
    /// local, the optimiser copied the whole card, twenty fields, per
    /// candidate.)
    /// Also says whether the query is the candidate's whole title.
    private static func candidate(_ m: Match, _ entry: SnapshotCache.Entry, text: QueryText, _ situation: Scorer.Situation,
                                  pending: [ItemKey: [UsageEvent]]) -> (Scorer.Candidate, exact: Bool) {
        var c = candidate(entry, pending: pending)
        var exact = false
        if situation.hasQuery {
            // Xapian's weight = BM25 + the candidate-selection boosts; keep BM25.
            c.textWeight = CandidateBoost.removing(from: m.weight, entry.card)
            // An app matches by its name or any synonym ("Trail Guide" is
            // Trails), a synonym a tier lower (`RankingWeights.synonymShare`).
            // So does a way into an app (`isWayIntoItsApp`) by its title,
            // which KRunner ranks below application matches and GNOME Shell
            // lists after the apps. At a name's weight, LibreOffice Start
            // Center's "Writer" action (the whole title, 6) came before
            // LibreOffice Writer (a later word of its name, 1.5) for
            // "writer", and so for "calc", "impress" and "draw"; Settings'
            // Screen panel came before OBS Studio for "screen recorder".
            c.titleMatch = 0
            // The share of the best name the query is the whole of (0: none).
            var wholeNameShare = 0.0
            let panel = Self.isSettingsPanel(entry)
            let wayIn = panel || Self.isDesktopAction(entry)
            // The name that says what the thing is, whose whole earns the
            // generic name's share: an app's GenericName (its second name),
            // a settings panel's own title ("Sound", "Power"), which names
            // the page as a GenericName names the kind of app. "sound" was
            // Audacity (its keyword) before the Sound panel.
            var genericNameIndex: Int? = entry.card.hasGenericName ? 1 : nil
            if panel { genericNameIndex = 0 }
            for (i, name) in entry.card.names.enumerated() {
                // Typed by its initials, a name is its title or generic
                // name (`TitleMatch.namesSpelled`; a panel's title is both).
                if text.hangulInitials != nil, i >= TitleMatch.namesSpelled(entry.card).count { break }
                let synonym = i > 0 || wayIn
                let role: TitleMatch.Role = synonym ? .synonym : entry.shownTitleGoesOn ? .startOfShownTitle : .name
                let bonus = TitleMatch.bonus(title: name, text: text, as: role)
                let wholeGenericName = i == genericNameIndex && bonus >= RankingWeights.titleCompletion
                let share = !synonym ? 1 : wholeGenericName ? RankingWeights.genericNameShare : RankingWeights.synonymShare
                c.titleMatch = max(c.titleMatch, share * bonus)
                if bonus == RankingWeights.exactTitle { wholeNameShare = max(wholeNameShare, share) }
            }
            if c.titleMatch < RankingWeights.allWordStarts * RankingWeights.synonymShare, !wayIn {
                c.titleMatch = max(c.titleMatch, TitleMatch.namesTogetherBonus(entry.card.names, text))
            }
            if c.titleMatch < RankingWeights.descriptionWordStarts, TitleMatch.describes(entry.card, text) {
                c.titleMatch = RankingWeights.descriptionWordStarts
            }
            // An exact title is the thing itself: a share of its own text
            // weight counts again, so that a longer title repeating the
            // query in other fields cannot pass it on BM25 alone (see
            // `RankingWeights.exactTitleTextShare`).
            exact = c.titleMatch == RankingWeights.exactTitle
            if exact {
                c.titleMatch += RankingWeights.exactTitleTextShare * c.textWeight
            } else {
                // So does a synonym the query is the whole of, at its share:
                // Contacts, whose keyword is "address book", fell below
                // Thunderbird's "Open address book" action (words 2–3 of its
                // title, repeated in its phrases) on BM25 alone.
                var share = wholeNameShare
                if !text.cjkRuns.isEmpty, c.titleMatch >= RankingWeights.titlePrefix {
                    // So does a CJK title the query starts, at its tier's share
                    // of the exact title's: a CJK query is many n-gram terms, and
                    // Flameshot, whose keywords and description repeat
                    // "スクリーンショット", passed Screenshot (named so) on BM25 alone
                    // for every prefix of the name (`RankingWeights.exactTitleTextShare`).
                    share = max(share, c.titleMatch / RankingWeights.exactTitle)
                }
                c.titleMatch += RankingWeights.exactTitleTextShare * share * c.textWeight
            }
        }
        return (c, exact)
    }

    /// A way into its app: a desktop action (an App Shortcut that runs a
    /// command line of its own, "New Private Window") or a settings panel
    /// (`SettingsPanel`, "Bluetooth").
    static func isWayIntoItsApp(_ entry: SnapshotCache.Entry) -> Bool {
        isDesktopAction(entry) || isSettingsPanel(entry)
    }

    /// An App Shortcut that runs a command line of its own.
    static func isDesktopAction(_ entry: SnapshotCache.Entry) -> Bool {
        entry.card.kind == .shortcut && entry.card.launch.exec != nil
    }

    static func isSettingsPanel(_ entry: SnapshotCache.Entry) -> Bool {
        entry.card.kind == .entity && entry.card.type == SettingsPanel.entityType
    }

    /// What the scorer knows of a card besides the text: prior, usage (with
    /// the journal's donations not yet folded in), registered contexts.
    private static func candidate(_ entry: SnapshotCache.Entry, pending: [ItemKey: [UsageEvent]]) -> Scorer.Candidate {
        var c = Scorer.Candidate()
        c.prior = entry.card.prior
        // Most cards have no usage (it decodes as none): not copying a
        // none through the optional's generic copy was a sixth of the
        // scoring of a short keystroke's candidates (callgrind).
        if !entry.card.usage.isEmpty { c.usage = entry.usage }
        if !pending.isEmpty, let events = pending[entry.card.itemKey] {
            var stats = c.usage ?? UsageStats()
            for e in events { stats.add(e) }
            c.usage = stats
        }
        c.relevantContexts = entry.card.relevant
        return c
    }

    /// The hit a scored candidate shows, scored in `situation` (as it was):
    /// its components made again from the same inputs.
    func hit(_ s: Scored, _ situation: Scorer.Situation) -> SearchHit {
        var c = Self.candidate(s.entry, pending: pending)
        c.textWeight = s.textWeight
        c.titleMatch = s.titleBonus
        let card = s.entry
        var h = SearchHit(rank: 0, section: .results, kind: card.card.kind, app: card.card.app, type: card.card.type,
                          id: card.card.id, title: card.card.title, subtitle: card.card.subtitle, score: s.score,
                          parameter: card.card.binding, url: card.card.launch.url, exec: card.card.launch.exec,
                          icon: card.card.launch.icon, desktopFile: card.card.launch.desktopFile,
                          components: Scorer.components(c, situation))
        h.keptOnTop = s.keptOnTop
        // Placed below its app (`placeWaysIntoAppsBelowTheirApps`): the
        // explanation still adds up to the score.
        let parts = h.components.reduce(0) { $0 + $1.value }
        if s.score < parts { h.components.append(("below its app", s.score - parts)) }
        return h
    }
}

extension Array where Element == Searcher.Scored {
    /// A way into an app (`Searcher.isWayIntoItsApp`) ranks below its own
    /// app wherever the app matches too, as KRunner ranks jump-list entries
    /// below application matches and GNOME Shell lists Settings' panels
    /// after the apps. Its title is matched a
    /// tier below names already, but its text could still outweigh the
    /// app's: for "torrent client", Transmission's "Start Transmission with
    /// All Torrents Paused" (the word in its title, the app's names in its
    /// phrases) came before Transmission and qBittorrent.
    mutating func placeWaysIntoAppsBelowTheirApps() {
        // Most keystrokes match no way into an app: nothing to gather then.
        guard contains(where: { Searcher.isWayIntoItsApp($0.entry) }) else { return }
        var appScores: [String: Double] = [:]
        for s in self where s.entry.card.kind == .app { appScores[s.entry.card.app] = s.score }
        guard !appScores.isEmpty else { return }
        for i in indices where Searcher.isWayIntoItsApp(self[i].entry) {
            if let app = appScores[self[i].entry.card.app], self[i].score >= app { self[i].score = app.nextDown }
        }
    }

    /// `order` with one row per command line of an app: System Settings'
    /// "Display Configuration" desktop action and its Display Configuration
    /// module both run `systemsettings kcm_kscreen`, and a Plasma session
    /// listed them one under the other. The better ranked stays. A module
    /// is named with or without its `kcm_` prefix, as System Settings and
    /// kcmshell find it (`X`, else `kcm_X`): its "Screen Locking" action
    /// runs `systemsettings screenlocker`, the module
    /// `systemsettings kcm_screenlocker`, and both were listed.
    func oneRowPerCommandLine(_ order: [Int]) -> [Int] {
        guard contains(where: { Searcher.isWayIntoItsApp($0.entry) }) else { return order }
        var seen = Set<[String]>()
        return order.filter { i in
            let card = self[i].entry.card
            guard Searcher.isWayIntoItsApp(self[i].entry), let exec = card.launch.exec else { return true }
            return seen.insert([card.app, Self.moduleNamesUnprefixed(exec)]).inserted
        }
    }

    /// `exec` with each word's `kcm_` prefix dropped (what one row per
    /// command line compares).
    static func moduleNamesUnprefixed(_ exec: String) -> String {
        // Every keystroke compares its ways into apps: most name no module.
        guard exec.utf8.contains(UInt8(ascii: "_")) else { return exec }
        return exec.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("kcm_") ? $0.dropFirst(4) : $0 }
            .joined(separator: " ")
    }

    /// The candidates' positions in result order: `SearchHit.ranksBefore`
    /// on what their hits would show.
    func rankOrder() -> [Int] {
        // Ties go alphabetically whatever the case ("gedit" before "Text
        // Editor"), then by the title itself.
        let scores = map(\.score), titles = map(\.entry.card.title), folded = map(\.entry.caseFoldedTitle)
        return indices.sorted { a, b in
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            if folded[a] != folded[b] { return folded[a] < folded[b] }
            if titles[a] != titles[b] { return titles[a] < titles[b] }
            let x = self[a].entry.card, y = self[b].entry.card
            return (x.kind.rawValue, x.app, x.type ?? "", x.id, x.binding?.type ?? "", x.binding?.id ?? "")
                < (y.kind.rawValue, y.app, y.type ?? "", y.id, y.binding?.type ?? "", y.binding?.id ?? "")
        }
    }
}

/// Exact and word-start matches beat mid-word or partial ones. CJK text has no
/// word boundaries, so there a run of the query counts where it starts the
/// title (a prefix) or appears in it (a word start).
package enum TitleMatch {
    /// What a name compared is to the hit.
    enum Role {
        /// Its title (an app's Name).
        case name
        /// An app's GenericName or keyword: a query's letters in order do
        /// not match it (see `inside`).
        case synonym
        /// An App Shortcut's own title, which its shown title goes on past
        /// ("Home — Thunar"): a query completing it does not complete what
        /// the person sees, so it ranks as a title prefix. Thunar's "Home"
        /// and Evolution's "Tasks" put "h" and "t" above every app.
        case startOfShownTitle
    }

    static func bonus(title: TitleKey, text: QueryText, as role: Role = .name) -> Double {
        let strict = allWordsBonus(title: title, text: text, as: role)
        guard text.relaxed, text.cjkRuns.isEmpty else { return strict }
        return max(strict, coverageBonus(title: title, text: text, as: role))
    }

    /// Whether the one word typed starts a word of the app's description,
    /// and of few apps' (`QueryText.fewAppsDescribed`,
    /// `RankingWeights.descriptionWordStarts`).
    static func describes(_ card: borrowing HitCard, _ text: QueryText) -> Bool {
        guard text.fewAppsDescribed, let word = text.words.first else { return false }
        return describes(card, withWordStarting: word)
    }

    /// Whether a word of the card's description starts with `prefix`
    /// (folded alike; bytes: every app is asked at every keystroke).
    static func describes(_ card: borrowing HitCard, withWordStarting prefix: String) -> Bool {
        guard card.descriptionStarts != 0 else { return false }
        var prefix = prefix
        return prefix.withUTF8 { p in
            // (`startBit` reads three bytes: the word typed has three letters or more.)
            guard p.count >= 3, card.descriptionStarts & HitCard.startBit(p) != 0, var words = card.descriptionWords else { return false }
            return words.withUTF8 { w in
                guard w.count >= p.count else { return false }
                var i = 0
                while i + p.count <= w.count {
                    var j = 0
                    while j < p.count, w[i + j] == p[j] { j += 1 }
                    if j == p.count { return true }
                    // On to the start of the next word.
                    while i < w.count, w[i] != UInt8(ascii: " ") { i += 1 }
                    i += 1
                }
                return false
            }
        }
    }

    /// Whether each word of the query starts a word of `title` (each CJK
    /// run is in it), as a launcher matches a query of several words.
    static func startsEveryWord(of text: QueryText, title: TitleKey) -> Bool {
        !(text.words.isEmpty && text.cjkRuns.isEmpty)
            && text.words.allSatisfy { startsAWord(of: title, $0) }
            && text.cjkRuns.allSatisfy { run in title.cjk.contains { $0.contains(run) } }
    }

    /// Whether the query word `q` starts a word of `title`.
    static func startsAWord(of title: TitleKey, _ q: String) -> Bool { title.words.contains { $0.hasPrefix(q) } }

    /// The query names the item and its kind: some words start words of its
    /// name, the others words of its synonyms (GenericName, keywords), and
    /// no one name has them all. "libreoffice spreadsheet" is LibreOffice
    /// Calc by its Name and its GenericName. The bonus of every word
    /// starting a word, at a synonym's share (`RankingWeights.synonymShare`).
    /// Without it no name earned a bonus, and BM25 put LibreOffice Start
    /// Center first, its description saying "spreadsheets" (an audit's
    /// launcher probes; "libreoffice drawing", "presentation", "database"
    /// were as close). Synonyms alone are not enough: "sound record" put
    /// PulseAudio Volume Control (keywords "System Sounds", "Recording")
    /// above Audacity (a review).
    static func namesTogetherBonus(_ names: [TitleKey], _ text: QueryText) -> Double {
        guard text.words.count > 1, text.cjkRuns.isEmpty, names.count > 1 else { return 0 }
        // One pass, no arrays: this runs for many candidates at every keystroke.
        var inName = 0
        for q in text.words {
            if startsAWord(of: names[0], q) {
                inName += 1
            } else if !names.dropFirst().contains(where: { startsAWord(of: $0, q) }) {
                return 0
            }
        }
        return inName > 0 && inName < text.words.count ? RankingWeights.allWordStarts * RankingWeights.synonymShare : 0
    }

    /// When no item matches every word, an item's title earns the bonus of
    /// the words it does start, times their share of the query: for "system
    /// settings", Settings (one word of two, its whole name: 3.0) above System
    /// Monitor (one word, its name's start: 1.5). Without it a relaxed query
    /// ranked by BM25 alone, and the word being typed weighs nothing there.
    static func coverageBonus(title: TitleKey, text: QueryText, as role: Role) -> Double {
        let starts = { (q: String) in startsAWord(of: title, q) }
        let covered = text.words.filter(starts)
        guard !covered.isEmpty, covered.count < text.words.count else { return 0 }
        let lastCovered = text.partialWord != nil && text.words.last.map(starts) == true
        let sub = text.replacingWords(complete: Array(covered.dropLast(lastCovered ? 1 : 0)),
                                      partial: lastCovered ? covered.last : nil)
        return allWordsBonus(title: title, text: sub, as: role) * Double(covered.count) / Double(text.words.count)
    }

    private static func allWordsBonus(title: TitleKey, text: QueryText, as role: Role) -> Double {
        let titleWords = title.words
        let queryWords = text.words
        let titleCJK = title.cjk
        guard !queryWords.isEmpty || !text.cjkRuns.isEmpty else { return 0 }
        if titleWords == queryWords, titleCJK == text.cjkRuns { return RankingWeights.exactTitle }
        // "sagrada fam" completes to "Sagrada Família" exactly: better than
        // a longer title that merely starts that way.
        if role != .startOfShownTitle, text.partialWord != nil, titleWords.count == queryWords.count, titleCJK == text.cjkRuns,
           let last = queryWords.last, titleWords.last?.hasPrefix(last) == true,
           titleWords.dropLast() == queryWords.dropLast() {
            return RankingWeights.titleCompletion
        }
        if joined(titleWords, titleCJK, startsWith: text.joined) || title.compact.hasPrefix(text.compact)
            || startsComposing(title.compact, text) {
            return RankingWeights.titlePrefix
        }
        if let typed = text.hangulInitials, let bonus = initialsBonus(title, typed) { return bonus }
        if startsEveryWord(of: text, title: title) { return RankingWeights.allWordStarts }
        return queryWords.count == 1 && text.cjkRuns.isEmpty ? inside(title, text.compact, subsequence: role != .synonym) ?? 0 : 0
    }

    /// Whether `title` (compact) starts with the query up to its last
    /// character, then what that character, still being composed, can
    /// become (`QueryText.composing`): "북한사" starts "북한산 둘레길".
    static func startsComposing(_ title: String, _ text: QueryText) -> Bool {
        guard let c = text.composing else { return false }
        let typed = text.compact.unicodeScalars.dropLast()
        let t = title.unicodeScalars
        guard t.starts(with: typed) else { return false }
        return c.starts(t.dropFirst(typed.count))
    }

    /// Whether `words` then `more`, joined by single spaces, start with
    /// `prefix` (bytes; both sides are folded the same way), without building
    /// the joined string: this runs for every name of every candidate.
    static func joined(_ words: [String], _ more: [String], startsWith prefix: String) -> Bool {
        var prefix = prefix
        return prefix.withUTF8 { p -> Bool in
            var k = 0  // bytes of `prefix` matched so far
            // Each word in turn, then each of `more`, compared byte by byte
            // (no array of the two lists, no generic slices of UTF-8 views:
            // this runs for every name of every candidate).
            for i in 0..<(words.count + more.count) {
                if k == p.count { return true }
                if i > 0 {
                    guard p[k] == UInt8(ascii: " ") else { return false }
                    k += 1
                }
                var word = i < words.count ? words[i] : more[i - words.count]
                let same = word.withUTF8 { w -> Bool in
                    let n = min(w.count, p.count - k)
                    for j in 0..<n where w[j] != p[k + j] { return false }
                    k += n
                    return true
                }
                guard same else { return false }
            }
            return k == p.count
        }
    }
}
