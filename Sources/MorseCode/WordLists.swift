/// The built-in words and sentences exercises are drawn from.
///
/// The lists are grouped by the difficulty they were written for, but the
/// generator does not trust the grouping: it grades every entry
/// (``Grader``) and draws from those whose grade is the one asked for.
public enum WordLists {
    /// Words of the six shortest letters (E T I A N S): beginner material.
    public static let beginnerWords = [
        "A", "AN", "AS", "AT", "IN", "IS", "IT", "EAT", "ATE", "TEA", "SEA", "SEE", "SET", "SAT", "SIT", "TEN",
        "NET", "ANT", "TAN", "TIN", "SIN", "NEST", "TENT", "TEST", "SEAT", "NEAT", "SENT", "EAST", "SEEN", "TEEN",
        "STAIN", "SAINT", "TASTE", "STATE", "TEASE", "SANE", "NINE", "ANTS", "TENTS", "INNATE",
    ]

    /// Everyday words of any letters.
    public static let intermediateWords = [
        "CAT", "DOG", "FISH", "BIRD", "MOON", "STAR", "TREE", "BOOK", "FROG", "LAMP", "RAIN", "SNOW", "WIND",
        "HOME", "KING", "QUIZ", "JUMP", "DUCK", "MILK", "GOLD", "ROAD", "SHIP", "CAKE", "BOX", "FOX", "OWL",
        "SUN", "SKY", "MAP", "KEY", "HAT", "RED", "BLUE", "DRUM", "WAVE", "ZOO", "YES", "NO", "HELP", "SOS",
        "WORD", "CODE", "TAP", "DOT", "DASH", "ROBOT", "RADIO", "OCEAN", "MUSIC", "HAPPY",
    ]

    /// Long words, and words with digits or punctuation.
    public static let advancedWords = [
        "TELEGRAPH", "ALPHABET", "KEYBOARD", "COMPUTER", "ADVENTURE", "SUBMARINE", "LIGHTHOUSE", "BUTTERFLY",
        "QUESTION", "MOUNTAIN", "ELEPHANT", "DINOSAUR", "HOSPITAL", "SANDWICH", "TREASURE", "JOURNEY",
        "R2D2", "4X4", "C3PO", "B52", "99", "2024", "HELLO!", "WHY?", "STOP.", "OK,", "A+B", "X=Y", "ME@HOME",
        "ROCK&ROLL", "MON-FRI", "1/2", "10:30", "$5", "(OK)", "IT'S",
    ]

    /// Sentences of beginner words.
    public static let beginnerSentences = [
        "I SEE A TENT", "IT IS A NEST", "SIT AT A SEAT", "TEN ANTS SAT", "EAT AT NINE", "SEE IT", "AN ANT IS IN A TENT",
        "A SAINT SAT", "TASTE A TEA", "IT IS EAST", "NINE ANTS", "SEE A SEA", "A TEEN SAT IN A TENT", "SET A TEST",
        "IT IS NEAT", "A STAIN IS SEEN",
    ]

    /// Everyday sentences.
    public static let intermediateSentences = [
        "THE CAT SAT", "A DOG CAN RUN", "I LIKE MY BIKE", "THE SUN IS HOT", "WE GO HOME", "A FOX IN A BOX",
        "SEND HELP NOW", "THE MOON IS UP", "BIRDS CAN FLY", "I SEE THE SEA", "MY HAT IS RED", "TAP THE CODE",
        "THE SKY IS BLUE", "FISH SWIM", "OPEN THE DOOR", "PLAY THE DRUM", "A FROG CAN JUMP", "GOOD JOB",
    ]

    /// Longer sentences, with long words, digits or punctuation.
    public static let advancedSentences = [
        "THE QUICK BROWN FOX JUMPS", "MEET ME AT 10:30", "SOS! SEND HELP", "WHAT IS YOUR NAME?",
        "THE TELEGRAPH CHANGED EVERYTHING", "I HAVE 2 CATS AND 3 DOGS", "CALL ME AT NOON, OK?",
        "THE SUBMARINE DIVES DEEP", "LIGHTHOUSE KEEPERS WATCH THE OCEAN", "HELLO WORLD!",
        "MORSE CODE IS FUN", "THE TREASURE IS BURIED", "ADVENTURE AWAITS", "PACK 4 SANDWICHES",
        "IT'S 5 O'CLOCK", "1+2=3 IS EASY",
    ]

    /// Every word, beginner list first.
    public static var allWords: [String] { beginnerWords + intermediateWords + advancedWords }

    /// Every sentence, beginner list first.
    public static var allSentences: [String] { beginnerSentences + intermediateSentences + advancedSentences }
}
