import LimelightSupport
import LimelightModel
import LimelightText
/// Every number the ranker uses, in one place. `--explain` prints each
/// component of a score under the names used here.
///
/// A score is a sum of components:
///
///     text + titleMatch + prior + usage + timeOfDay + dayType + contextUsage + relevant
///
/// `text` and `titleMatch` only when there is a query. The usage-type
/// components (usage … contextUsage) are each bounded (a saturating function
/// of a decayed count), and with a query they — and `relevant`, a hint of
/// the same kind — are scaled by `usageScaleWithQuery`, so a heavily used
/// weak match can never outrank a strong exact one (KRunner caps its usage
/// boost for the same reason).
public enum RankingWeights {
    // MARK: Text

    /// BM25 parameters (Xapian's default b is 0.75; titles are short, so a
    /// long description should not push an entity down much).
    public static let bm25K1 = 1.2
    public static let bm25B = 0.5

    /// Bonuses for how the query meets the title.
    public static let exactTitle = 6.0
    /// … plus this share of the exact title's own text weight. A fixed
    /// bonus is small beside BM25 where a query makes many terms: "경복궁"
    /// is five CJK n-grams, and a longer title that also has them in its
    /// description scored 48 against the exact title's 38, passing its 6
    /// with a title prefix's 3. Scaling with the text keeps the exact title
    /// ahead whatever the script (CJK nDCG@10 0.884 → see EVAL.md).
    public static let exactTitleTextShare = 0.5
    /// The query, with its last word completed, is the whole title.
    public static let titleCompletion = 4.5
    public static let titlePrefix = 3.0
    public static let allWordStarts = 1.5
    /// An app's synonyms (a desktop entry's Keywords, the program it runs)
    /// match as its name does, at this share of the bonus: even a synonym
    /// that is the whole query (1.44) stays below the query's words starting
    /// words of a name (1.5), as GLib and GNOME Shell rank any Name match
    /// above a Keywords one, and above a word inside a name (0.5). "disc"
    /// is Discord before Videos (keyword "Disc"), "wr" LibreOffice Writer
    /// before Text Editor (keyword "Write").
    public static let synonymShare = 0.24
    /// An app's generic name (a desktop entry's GenericName) says what kind
    /// of app it is, where a keyword is a word it is found by: the whole of
    /// it, typed (4.2) or being typed ("file man", 3.15), earns this share,
    /// above a name that only starts with the query (3.0) and a keyword:
    /// `file manager` is Dolphin and Thunar (whose GenericName it is), not
    /// "File Manager Settings"; `presentation` is LibreOffice Impress
    /// (GenericName "Presentation"), not Document Viewer (a keyword). Any
    /// other match of it is a synonym's (`synonymShare`): at this share a
    /// GenericName that "web" starts ("Webcam Booth") tied Chromium Web
    /// Browser's name. KRunner too ranks a GenericName below the name and
    /// above keywords (GLib the other way round). A settings panel's title
    /// earns it the same way: it names the page ("Sound", "Power") as a
    /// GenericName names the kind of app.
    public static let genericNameShare = 0.7
    /// The one word typed (three letters or more) starts a word of an app's
    /// description (a desktop entry's Comment) and of few others': above
    /// the query inside a name's word (`innerWord`), below a keyword's
    /// start. GLib, which finds words by their start in any field and never
    /// inside a word, finds only such an app. `ide` is Geany ("A fast and
    /// lightweight IDE"), not Videos.
    public static let descriptionWordStarts = 0.55
    /// … when at most this many apps' descriptions have such a word: as IDF
    /// weighs a word by how few documents hold it, a word of one or two
    /// descriptions singles its apps out ("ide", "emu"), while one of many
    /// says what kind of text a description is ("the", "create", "window":
    /// three to thirty-six of 79 apps on the Debian desktop of `make
    /// eval-desktop`), and ranked those apps above the actions and names
    /// the query meant.
    public static let maxAppsDescribed = 2
    /// The word being typed weighs by its unstemmed prefix only (the title
    /// bonuses above): its stemmed form still matches, so a word found only
    /// in a description is not lost, but with this weight (none), so "monte"
    /// (stemmed "mont") does not pull "Mont-Saint-Michel" above "Monterey"
    /// mid-word. Once the word is complete it weighs in full.
    public static let partialWordStemScale = 0.0
    /// A one-word query inside a title's word ("fox" in Firefox, three
    /// letters or more), or its letters in order from the title's first
    /// ("ffx", "fz" for FileZilla, two or more): a tier below the word
    /// starts, as launchers rank them.
    public static let innerWord = 0.5
    public static let initials = 0.25
    public static let minInnerWord = 3
    public static let minInitials = 2
    /// Any letters in order are an abbreviation up to this many ("ffx",
    /// "vsc", "mbct"); longer, they met the letters of long names by chance
    /// ("photo" and "partiton" in "PyCharm Community Edition", above GIMP,
    /// found by its description, and instead of the correction to
    /// "partition"), so past it only starts of words count ("sysmon").
    public static let maxLettersInOrder = 4
    /// Apps scanned for inner-word and initials matches (a desktop has a
    /// few hundred; past this, the first indexed).
    public static let maxScannedApps = 2_000

    // MARK: Priors

    /// The static prior (rankingHint / App Shortcut order / app, 0…1) scaled
    /// by this with a query …
    public static let prior = 1.5
    /// … and by this in zero-query suggestions, where usage should lead.
    public static let priorWithoutQuery = 0.5
    /// The prior of an entity or app without a `rankingHint` (hints are 0–100).
    public static let defaultRankingHint = 50.0
    /// An App Shortcut's prior from its declared order: the first gets
    /// `firstShortcutPrior`, each next one `shortcutPriorStep` less, never
    /// below `lastShortcutPrior` …
    public static let firstShortcutPrior = 0.7
    public static let shortcutPriorStep = 0.05
    public static let lastShortcutPrior = 0.2
    /// … times this for a shortcut bound to a parameter value (the bare
    /// shortcut is what its app declared; each value is one of many). Below
    /// 0.5/0.7, so an entity with the default hint stays ahead of the first
    /// shortcut bound to it when the word being typed (which adds no BM25)
    /// leaves the priors to decide; for an entity of a lower hint it is
    /// scaled down with the hint (`DocumentBuilder.prior(shortcutOrder:…)`).
    public static let boundShortcutPriorScale = 0.7
    /// Apps are what people most often mean when a query names one.
    public static let appPrior = 0.8

    // MARK: Usage (recency × frequency)

    /// Half-life of a use. With equal daily use, a new favourite overtakes an
    /// old long-standing one after about one half-life: the old one's decayed
    /// count halves while the new one's grows to half its own limit. (7 days
    /// forgot weekly routines too soon: replay HR@5 0.65–0.69 against
    /// 0.67–0.70 at 14, with everything else equal.)
    public static let usageHalfLifeDays = 14.0
    /// sat(x) = x / (x + k): one recent use gives ⅔, four give 8/9. Larger k
    /// (2, 4) ranked worse on every replay log; the weights below bound the sum.
    public static let saturationK = 0.5
    public static let usage = 1.5
    /// Use near this hour of the day (Gaussian over the circular hour distance).
    public static let timeOfDay = 1.5
    public static let timeOfDaySigmaHours = 1.0
    /// Use on the same kind of day (weekday / weekend).
    public static let dayType = 0.3
    /// Use in one of the current contexts (scaled down for an ancestor context).
    public static let contextUsage = 1.5
    /// With a query, the usage-type components count this much.
    public static let usageScaleWithQuery = 0.5

    // MARK: Relevant entities

    /// An entity the app registered as relevant for the current context. More
    /// than everyday use (usage + timeOfDay + dayType): the app said so
    /// explicitly. But a person's own habit in that very context
    /// (contextUsage too) can still beat it: a hint, not an override. At 6
    /// (above every usage component) the registered items crowded out the
    /// person's habits and the held-out replay fell below most-frequently-used.
    public static let relevant = 3.5

    // MARK: Candidates

    /// How many candidates Xapian returns for the Swift re-rank (at least) …
    public static let rerankDepth = 50
    /// … or this many times the results asked for, when more.
    public static let rerankDepthPerResult = 3
    /// A query of this many words of two letters or more that too few items
    /// match whole goes on with items that match some of them
    /// (`SearchHit.Section.someWords`). Three words describe what is wanted
    /// ("automatic sql injection tool"), as the queries of a relevance
    /// collection do, and ranked retrieval answers them with any word; one
    /// or two are a name being typed, which launchers match whole (GNOME
    /// Shell, KRunner), and at two the second query cost the Debian
    /// catalog's keystrokes 70% at p50 and 5.6 times at p99.
    public static let someWordsFromWords = 3
    /// How many items with some of the words are re-ranked, the best by BM25
    /// + prior + usage (fetched past as many as the matches of every word,
    /// which may be among them). Few: an OR of common words matches much of
    /// a big index. 20 found the Debian catalog's known items as 50 did, 15%
    /// faster at 300,000 entities.
    public static let someWordsDepth = 20
    /// When the likeliest neighbour of each unknown word gave no item every
    /// word, the best `typoChoices` of each are tried together, the first
    /// `typoReadings` readings in order of likelihood (one match each),
    /// before the words are matched one by one.
    public static let typoChoices = 3
    public static let typoReadings = 8
    /// Candidates for zero-query suggestions from each source (most used,
    /// used in the current contexts, registered for them, best prior).
    public static let suggestCandidates = 100
    /// A query of all words that Xapian could match on more documents than
    /// this is "broad" (see `Searcher.broadCandidates`): scoring a match with
    /// its prior and usage costs ~0.75 µs at a million entities (two value
    /// reads), so this bounds that part of a keystroke to ~4 ms.
    public static let broadQueryMatches = 5_000
    /// A broad query is scored by BM25 alone (~0.2 µs a match) within a
    /// window of the first documents holding about this many matches.
    public static let broadWindowMatches = 20_000
    /// A long-lived local reader reads the values every match costs into
    /// memory (`SearchColumns`) at its first query that could match more
    /// documents than this: below it the reads cost less than reading them all.
    public static let columnQueryMatches = 1_000
    /// The title tier of a broad query gets this fraction of both budgets:
    /// every match there also costs a skip in each long list.
    public static let broadTitleBudgetDivisor = 4
    /// A broad query also takes the most used items (overall, and around
    /// this hour) whose titles match: this many from each list.
    public static let broadHotCandidates = 20
    /// A query of one short prefix takes this many of the best documents from
    /// each of its prefix lists (title starts with it / a word starts with it).
    public static let prefixCandidates = 40
    /// A short prefix that is a word of at most this many documents also
    /// looks for the title of that one word (`Searcher.prefixTitleCandidates`).
    public static let maxWholeWordTitleMatches = 1_000
    /// Heavily used items get this much extra Xapian weight while retrieving
    /// candidates (subtracted again before scoring).
    public static let usageCandidateBoost = 1.0

    // MARK: Layout

    /// Spotlight's layout: at most this many App Shortcuts of the Top Hit's
    /// app next to it …
    public static let topHitShortcuts = 4
    /// … looked for among this many of the app's shortcuts, by prior, when
    /// the Top Hit is the app itself.
    public static let topHitShortcutCandidates = 10
}
