#include "core/text/message.h"

#include "core/text/messageid.h"
#include "core/text/problem.h"

#include <cstdlib>
#include <cstring>
#include <iterator>

// Marks a template for lupdate (an alias of QT_TRANSLATE_NOOP, see scripts/update-translations):
// the window and the command line look the template up under this context.
#define ATTNLAB_MESSAGE(context, text) text

namespace attnlab::core {

namespace {

struct CatalogueEntry {
    MessageId id;
    const char *english;
};

// clang-format off
constexpr CatalogueEntry kCatalogue[] = {
    {MessageId::Literal, ""},
    {MessageId::Errno, ""},

    // Types of JSON values, as arguments of "expected …, got %1".
    {MessageId::TypeNull, ATTNLAB_MESSAGE("CoreMessage", "null")},
    {MessageId::TypeBoolean, ATTNLAB_MESSAGE("CoreMessage", "true/false")},
    {MessageId::TypeString, ATTNLAB_MESSAGE("CoreMessage", "a string")},
    {MessageId::TypeArray, ATTNLAB_MESSAGE("CoreMessage", "an array")},
    {MessageId::TypeObject, ATTNLAB_MESSAGE("CoreMessage", "an object")},
    {MessageId::TypeNumber, ATTNLAB_MESSAGE("CoreMessage", "a number")},

    // JSON text (core/jsonguard).
    {MessageId::JsonSyntax, ATTNLAB_MESSAGE("CoreMessage", "invalid JSON: %1")},
    {MessageId::JsonInvalid, ATTNLAB_MESSAGE("CoreMessage", "invalid JSON")},
    {MessageId::JsonTooDeep, ATTNLAB_MESSAGE("CoreMessage", "invalid JSON: nested deeper than the limit of %1 levels")},
    {MessageId::JsonTooLong, ATTNLAB_MESSAGE("CoreMessage", "the text is %1 bytes long, more than the limit of %2")},
    {MessageId::JsonTooManyValues, ATTNLAB_MESSAGE("CoreMessage", "the text holds more than %1 values (numbers, strings, arrays and objects), the limit")},
    {MessageId::JsonDuplicateKey, ATTNLAB_MESSAGE("CoreMessage", "the key %1 appears more than once")},
    {MessageId::JsonNumberTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the whole number %1 is too large (the largest is 18446744073709551615)")},

    // JSON syntax errors, in the words of nlohmann::json's parser and lexer.
    {MessageId::JsonSyntaxWhileParsing, ATTNLAB_MESSAGE("CoreMessage", "syntax error while parsing %1 - %2")},
    {MessageId::JsonSyntaxError, ATTNLAB_MESSAGE("CoreMessage", "syntax error - %1")},
    {MessageId::JsonUnexpected, ATTNLAB_MESSAGE("CoreMessage", "unexpected %1")},
    {MessageId::JsonUnexpectedExpected, ATTNLAB_MESSAGE("CoreMessage", "unexpected %1; expected %2")},
    {MessageId::JsonLexError, ATTNLAB_MESSAGE("CoreMessage", "%1; last read: %2")},
    {MessageId::JsonLexErrorExpected, ATTNLAB_MESSAGE("CoreMessage", "%1; last read: %2; expected %3")},
    {MessageId::JsonNumberOverflow, ATTNLAB_MESSAGE("CoreMessage", "number overflow parsing %1")},
    {MessageId::JsonContextValue, ATTNLAB_MESSAGE("CoreMessage", "value")},
    {MessageId::JsonContextObject, ATTNLAB_MESSAGE("CoreMessage", "object")},
    {MessageId::JsonContextArray, ATTNLAB_MESSAGE("CoreMessage", "array")},
    {MessageId::JsonContextObjectKey, ATTNLAB_MESSAGE("CoreMessage", "object key")},
    {MessageId::JsonContextObjectSeparator, ATTNLAB_MESSAGE("CoreMessage", "object separator")},
    {MessageId::JsonTokenUninitialized, ATTNLAB_MESSAGE("CoreMessage", "<uninitialized>")},
    {MessageId::JsonTokenTrue, ATTNLAB_MESSAGE("CoreMessage", "true literal")},
    {MessageId::JsonTokenFalse, ATTNLAB_MESSAGE("CoreMessage", "false literal")},
    {MessageId::JsonTokenNull, ATTNLAB_MESSAGE("CoreMessage", "null literal")},
    {MessageId::JsonTokenString, ATTNLAB_MESSAGE("CoreMessage", "string literal")},
    {MessageId::JsonTokenNumber, ATTNLAB_MESSAGE("CoreMessage", "number literal")},
    {MessageId::JsonTokenParseError, ATTNLAB_MESSAGE("CoreMessage", "<parse error>")},
    {MessageId::JsonTokenEnd, ATTNLAB_MESSAGE("CoreMessage", "end of input")},
    {MessageId::JsonTokenLiteralOrValue, ATTNLAB_MESSAGE("CoreMessage", "'[', '{', or a literal")},
    {MessageId::JsonTokenUnknown, ATTNLAB_MESSAGE("CoreMessage", "unknown token")},
    {MessageId::JsonBadBom, ATTNLAB_MESSAGE("CoreMessage", "invalid BOM; must be 0xEF 0xBB 0xBF if given")},
    {MessageId::JsonBadComment, ATTNLAB_MESSAGE("CoreMessage", "invalid comment; expecting '/' or '*' after '/'")},
    {MessageId::JsonUnclosedComment, ATTNLAB_MESSAGE("CoreMessage", "invalid comment; missing closing '*/'")},
    {MessageId::JsonBadLiteral, ATTNLAB_MESSAGE("CoreMessage", "invalid literal")},
    {MessageId::JsonDigitAfterMinus, ATTNLAB_MESSAGE("CoreMessage", "invalid number; expected digit after '-'")},
    {MessageId::JsonDigitAfterPoint, ATTNLAB_MESSAGE("CoreMessage", "invalid number; expected digit after '.'")},
    {MessageId::JsonDigitAfterExponent, ATTNLAB_MESSAGE("CoreMessage", "invalid number; expected digit after exponent sign")},
    {MessageId::JsonBadUnicodeEscape, ATTNLAB_MESSAGE("CoreMessage", "invalid string: '\\u' must be followed by 4 hex digits")},
    {MessageId::JsonBadEscape, ATTNLAB_MESSAGE("CoreMessage", "invalid string: forbidden character after backslash")},
    {MessageId::JsonBadUtf8, ATTNLAB_MESSAGE("CoreMessage", "invalid string: ill-formed UTF-8 byte")},
    {MessageId::JsonUnclosedString, ATTNLAB_MESSAGE("CoreMessage", "invalid string: missing closing quote")},
    {MessageId::JsonLoneHighSurrogate, ATTNLAB_MESSAGE("CoreMessage", "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF")},
    {MessageId::JsonLoneLowSurrogate, ATTNLAB_MESSAGE("CoreMessage", "invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF")},
    {MessageId::JsonControlCharacter, ATTNLAB_MESSAGE("CoreMessage", "invalid string: control character %1 must be escaped to %2")},
    {MessageId::JsonControlCharacterOr, ATTNLAB_MESSAGE("CoreMessage", "invalid string: control character %1 must be escaped to %2 or %3")},

    // Files.
    {MessageId::FileCannotOpen, ATTNLAB_MESSAGE("CoreMessage", "cannot open the file: %1")},
    {MessageId::FileCannotRead, ATTNLAB_MESSAGE("CoreMessage", "cannot read the file: %1")},
    {MessageId::FileIsFolderOrUnreadable, ATTNLAB_MESSAGE("CoreMessage", "cannot read the file (is it a folder?)")},
    {MessageId::FileTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the file is %1 MiB, larger than the limit of %2 MiB")},
    {MessageId::FileLargerThanLimit, ATTNLAB_MESSAGE("CoreMessage", "the file is larger than the limit of %1 MiB")},
    {MessageId::InputLargerThanLimit, ATTNLAB_MESSAGE("CoreMessage", "the input is larger than the limit of %1 MiB")},
    {MessageId::FileIsFolder, ATTNLAB_MESSAGE("CoreMessage", "is a folder, not a scene file")},

    // Scene files (core/sceneio) and scenes (validate() in core/scene).
    {MessageId::SceneTopNotObject, ATTNLAB_MESSAGE("CoreMessage", "expected a JSON object at the top, got %1")},
    {MessageId::SceneMoreProblems, ATTNLAB_MESSAGE("CoreMessage", "and %1 more problems")},
    {MessageId::ExpectedNumber, ATTNLAB_MESSAGE("CoreMessage", "expected a number, got %1")},
    {MessageId::MustBeFinite, ATTNLAB_MESSAGE("CoreMessage", "must be a finite number")},
    {MessageId::MustLieInValueRange, ATTNLAB_MESSAGE("CoreMessage", "must lie between -1000000 and 1000000")},
    {MessageId::ExpectedWholeNumber, ATTNLAB_MESSAGE("CoreMessage", "expected a whole number, got %1")},
    {MessageId::IsMoreThanLimit, ATTNLAB_MESSAGE("CoreMessage", "is %1, more than the limit of %2")},
    {MessageId::MustBeAtLeast, ATTNLAB_MESSAGE("CoreMessage", "must be at least %1")},
    {MessageId::ExpectedString, ATTNLAB_MESSAGE("CoreMessage", "expected a string, got %1")},
    {MessageId::ExpectedArrayOfNumbers, ATTNLAB_MESSAGE("CoreMessage", "expected an array of numbers, got %1")},
    {MessageId::ExpectedArrayOfRows, ATTNLAB_MESSAGE("CoreMessage", "expected an array of rows, got %1")},
    {MessageId::MustHaveARow, ATTNLAB_MESSAGE("CoreMessage", "must have at least one row")},
    {MessageId::RowMustHaveANumber, ATTNLAB_MESSAGE("CoreMessage", "a row must have at least one number")},
    {MessageId::RowLengthDiffers, ATTNLAB_MESSAGE("CoreMessage", "has %1 numbers, but row 0 has %2")},
    {MessageId::MaskCellMustBeZeroOrOne, ATTNLAB_MESSAGE("CoreMessage", "must be 0 (hidden) or 1 (visible)")},
    {MessageId::IsMissing, ATTNLAB_MESSAGE("CoreMessage", "is missing")},
    {MessageId::ExpectedFormat, ATTNLAB_MESSAGE("CoreMessage", "expected \"%1\", got \"%2\"")},
    {MessageId::VersionUnsupported, ATTNLAB_MESSAGE("CoreMessage", "this file has version %1; this Attention Lab reads version %2")},
    {MessageId::ExpectedTranslations, ATTNLAB_MESSAGE("CoreMessage", "expected a string or an object of language → text, got %1")},
    {MessageId::ExpectedArrayOfStrings, ATTNLAB_MESSAGE("CoreMessage", "expected an array of strings, got %1")},
    {MessageId::TooManyTokens, ATTNLAB_MESSAGE("CoreMessage", "has %1 tokens, more than the limit of %2")},
    {MessageId::TokenEmpty, ATTNLAB_MESSAGE("CoreMessage", "a token must not be empty")},
    {MessageId::ExpectedPositional, ATTNLAB_MESSAGE("CoreMessage", "expected \"none\", \"sinusoidal\" or \"rope\", got \"%1\"")},
    {MessageId::ExpectedScale, ATTNLAB_MESSAGE("CoreMessage", "expected \"sqrt_dk\", \"none\" or a positive number, got %1")},
    {MessageId::DivisorTooSmall, ATTNLAB_MESSAGE("CoreMessage", "a divisor must be at least 0.001")},
    {MessageId::ExpectedMask, ATTNLAB_MESSAGE("CoreMessage", "expected \"none\", \"causal\" or an n×n matrix of 0/1, got %1")},
    {MessageId::ExpectedDirectObject, ATTNLAB_MESSAGE("CoreMessage", "expected an object with \"Q\", \"K\" and \"V\", got %1")},
    {MessageId::UnknownDirectKey, ATTNLAB_MESSAGE("CoreMessage", "unknown key (expected \"Q\", \"K\" and \"V\")")},
    {MessageId::DModelMissing, ATTNLAB_MESSAGE("CoreMessage", "is missing (or give \"direct\": {\"Q\", \"K\", \"V\"} instead)")},
    {MessageId::EmbeddingsMissing, ATTNLAB_MESSAGE("CoreMessage", "is missing (or give \"X\", one row per token)")},
    {MessageId::ExpectedEmbeddingsObject, ATTNLAB_MESSAGE("CoreMessage", "expected an object mapping each token to its vector, got %1")},
    {MessageId::EmbeddingLengthDiffers, ATTNLAB_MESSAGE("CoreMessage", "has %1 numbers, but d_model is %2")},
    {MessageId::BiasEmpty, ATTNLAB_MESSAGE("CoreMessage", "must have at least one number (leave the key out for no bias)")},
    {MessageId::UnknownKey, ATTNLAB_MESSAGE("CoreMessage", "unknown key")},
    {MessageId::NotInDirectScene, ATTNLAB_MESSAGE("CoreMessage", "does not belong in a direct-mode scene (\"direct\" replaces the embeddings and weights)")},
    {MessageId::ExpectedMatrixShape, ATTNLAB_MESSAGE("CoreMessage", "expected a %1 matrix (%2), got %3")},
    {MessageId::ExpectedVectorLength, ATTNLAB_MESSAGE("CoreMessage", "expected %1 numbers (%2), got %3")},
    {MessageId::EmbeddingsWithX, ATTNLAB_MESSAGE("CoreMessage", "cannot be given together with \"X\": X replaces the embedding lookup")},
    {MessageId::PositionalWithX, ATTNLAB_MESSAGE("CoreMessage", "must be \"none\" or \"rope\" when \"X\" is given (X already holds whatever positions were added to it; rope rotates Q and K, not X), got \"%1\"")},
    {MessageId::WhyRowPerTokenDModelWide, ATTNLAB_MESSAGE("CoreMessage", "one row per token, d_model = %1 wide")},
    {MessageId::WhyOnePerColumnOfQkv, ATTNLAB_MESSAGE("CoreMessage", "one per column of W_Q, W_K and W_V: heads·d_k = %1")},
    {MessageId::WhyOnePerColumnOfWo, ATTNLAB_MESSAGE("CoreMessage", "one per column of W_O: d_model = %1")},
    {MessageId::BiasONeedsWo, ATTNLAB_MESSAGE("CoreMessage", "needs \"W_O\": the output bias is added after the output projection")},
    {MessageId::ValueMoreThanLimit, ATTNLAB_MESSAGE("CoreMessage", "%1 is %2, more than the limit of %3")},
    {MessageId::WhatTokenCount, ATTNLAB_MESSAGE("CoreMessage", "the number of tokens")},
    {MessageId::WhatHeadCount, ATTNLAB_MESSAGE("CoreMessage", "the number of heads")},
    {MessageId::WhatHeadsTimesDk, ATTNLAB_MESSAGE("CoreMessage", "heads × d_k")},
    {MessageId::NeedsAColumn, ATTNLAB_MESSAGE("CoreMessage", "needs at least one column")},
    {MessageId::WhyRowPerToken, ATTNLAB_MESSAGE("CoreMessage", "one row per token")},
    {MessageId::WhyRowPerTokenAsWideAsQ, ATTNLAB_MESSAGE("CoreMessage", "one row per token, as wide as Q")},
    {MessageId::SinusoidalInDirectScene, ATTNLAB_MESSAGE("CoreMessage", "\"sinusoidal\" adds to X, which direct mode does not have; use \"none\" or \"rope\"")},
    {MessageId::NotInDirectSceneQkv, ATTNLAB_MESSAGE("CoreMessage", "does not belong in a direct-mode scene (\"direct\" gives Q, K and V themselves)")},
    {MessageId::ExpectedEmbeddingRows, ATTNLAB_MESSAGE("CoreMessage", "expected %1 rows of length d_model = %2")},
    {MessageId::AppearsTwice, ATTNLAB_MESSAGE("CoreMessage", "appears twice")},
    {MessageId::TokenHasNoRow, ATTNLAB_MESSAGE("CoreMessage", "token \"%1\" has no row in \"embeddings\"")},
    {MessageId::WhyWeights, ATTNLAB_MESSAGE("CoreMessage", "d_model × heads·d_k = %1")},
    {MessageId::WhyOutputWeights, ATTNLAB_MESSAGE("CoreMessage", "heads·d_k × d_model = %1")},
    {MessageId::WoRequiredForHeads, ATTNLAB_MESSAGE("CoreMessage", "is required when there is more than one head")},
    {MessageId::RopeNeedsEvenDk, ATTNLAB_MESSAGE("CoreMessage", "rotary positions (\"rope\") rotate pairs of dimensions, so d_k must be even; it is %1")},
    {MessageId::ExpectedRopeConvention, ATTNLAB_MESSAGE("CoreMessage", "expected \"interleaved\" (pairs 2i, 2i+1) or \"rotate_half\" (pairs i, i + d_k/2), got %1")},
    {MessageId::RopeThetaMustBePositive, ATTNLAB_MESSAGE("CoreMessage", "the base of the rotary frequencies must be a number greater than 0")},
    {MessageId::WhyOnePerRopePair, ATTNLAB_MESSAGE("CoreMessage", "one frequency per rotated pair: d_k/2 = %1")},
    {MessageId::RopeKeyNeedsRope, ATTNLAB_MESSAGE("CoreMessage", "only applies with \"positional_encoding\": \"rope\"")},
    {MessageId::RopeThetaWithFrequencies, ATTNLAB_MESSAGE("CoreMessage", "cannot be given together with \"rope_frequencies\", which sets every pair's frequency itself")},
    {MessageId::CustomDivisorRange, ATTNLAB_MESSAGE("CoreMessage", "a custom divisor must be a number between 0.001 and 1000000")},
    {MessageId::ExpectedTokenMask, ATTNLAB_MESSAGE("CoreMessage", "expected a %1 matrix (tokens × tokens), got %2")},
    {MessageId::MustBeZeroOrOne, ATTNLAB_MESSAGE("CoreMessage", "must be 0 or 1")},
    {MessageId::SceneTooLargeForStages, ATTNLAB_MESSAGE("CoreMessage", "this scene would need %1 MiB for its stages, more than the limit of %2 MiB")},
    {MessageId::NeedsAToken, ATTNLAB_MESSAGE("CoreMessage", "needs at least one token")},

    // Matrices pasted or imported (core/matrixfile): text tables and NumPy .npy files.
    {MessageId::MatrixNoNumbers, ATTNLAB_MESSAGE("CoreMessage", "no numbers")},
    {MessageId::MatrixNotANumber, ATTNLAB_MESSAGE("CoreMessage", "line %1, value %2: \"%3\" is not a number")},
    {MessageId::MatrixRowLength, ATTNLAB_MESSAGE("CoreMessage", "line %1 has %2 values, but the first row has %3")},
    {MessageId::MatrixNotFinite, ATTNLAB_MESSAGE("CoreMessage", "line %1, value %2: %3 is not a finite number within ±1e6")},
    {MessageId::MatrixTooManyValues, ATTNLAB_MESSAGE("CoreMessage", "more than %1 values")},
    {MessageId::NpyNoMagic, ATTNLAB_MESSAGE("CoreMessage", "not a NumPy .npy file (the magic string \\x93NUMPY is missing)")},
    {MessageId::NpyHeaderCut, ATTNLAB_MESSAGE("CoreMessage", "the .npy header is cut short")},
    {MessageId::NpyVersion, ATTNLAB_MESSAGE("CoreMessage", "unsupported .npy format version %1")},
    {MessageId::NpyHeaderTooLong, ATTNLAB_MESSAGE("CoreMessage", "the .npy header is longer than the file")},
    {MessageId::NpyDtype, ATTNLAB_MESSAGE("CoreMessage", "dtype %1 is not supported: save as float32 or float64 (little-endian)")},
    {MessageId::NpyDtypeMissing, ATTNLAB_MESSAGE("CoreMessage", "(missing)")},
    {MessageId::NpyFortran, ATTNLAB_MESSAGE("CoreMessage", "Fortran-order arrays are not supported: save with np.ascontiguousarray")},
    {MessageId::NpyNoShape, ATTNLAB_MESSAGE("CoreMessage", "the .npy header has no shape")},
    {MessageId::NpyTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the array is larger than %1 values")},
    {MessageId::NpyShapeNotSizes, ATTNLAB_MESSAGE("CoreMessage", "the .npy shape %1 is not a list of sizes")},
    {MessageId::NpyNot2d, ATTNLAB_MESSAGE("CoreMessage", "a matrix needs a 1-D or 2-D array; this one has shape %1")},
    {MessageId::NpyEmpty, ATTNLAB_MESSAGE("CoreMessage", "the array is empty (shape %1)")},
    {MessageId::NpyDataSize, ATTNLAB_MESSAGE("CoreMessage", "the data is %1 bytes, but shape %2 needs %3")},
    {MessageId::NpyValueNotFinite, ATTNLAB_MESSAGE("CoreMessage", "value [%1][%2] is not a finite number within ±1e6")},

    // A/B comparison (core/experiments): why a variation cannot make scene B.
    {MessageId::VariationXHasPositions, ATTNLAB_MESSAGE("CoreMessage", "X is given (a head from a model), and the model's own positions are already in it")},
    {MessageId::VariationSinusoidalDirect, ATTNLAB_MESSAGE("CoreMessage", "sinusoidal positions are added to X, which a scene in direct mode does not have")},
    {MessageId::VariationRopeOddDk, ATTNLAB_MESSAGE("CoreMessage", "rotary positions need an even d_k; this scene has d_k = %1")},

    // Checkpoint folders (core/model): safetensors, config.json, the tensors a model needs.
    {MessageId::CannotOpen, ATTNLAB_MESSAGE("CoreMessage", "cannot open: %1")},
    {MessageId::CannotBeRead, ATTNLAB_MESSAGE("CoreMessage", "cannot be read")},
    {MessageId::NotARegularFile, ATTNLAB_MESSAGE("CoreMessage", "not a regular file")},
    {MessageId::CannotMap, ATTNLAB_MESSAGE("CoreMessage", "cannot map the file: %1")},
    {MessageId::SafetensorsTooShort, ATTNLAB_MESSAGE("CoreMessage", "the file has %1 bytes, too few for the 8-byte header length")},
    {MessageId::HeaderOverLimit, ATTNLAB_MESSAGE("CoreMessage", "header length %1 exceeds the limit of %2 bytes")},
    {MessageId::HeaderBeyondFile, ATTNLAB_MESSAGE("CoreMessage", "header length %1 exceeds the file (%2 bytes after the length field)")},
    {MessageId::HeaderNotObject, ATTNLAB_MESSAGE("CoreMessage", "the header is not a JSON object")},
    {MessageId::SafetensorsIncomplete, ATTNLAB_MESSAGE("CoreMessage", "%1 is incomplete: %2 of %3 — was the download interrupted? (%4)")},
    {MessageId::SafetensorsHeaderIncomplete, ATTNLAB_MESSAGE("CoreMessage", "%1 is incomplete: it has %2, but its header alone takes %3 — was the download interrupted? (%4)")},
    {MessageId::MetadataNotObject, ATTNLAB_MESSAGE("CoreMessage", "\"__metadata__\" must be an object of strings")},
    {MessageId::MetadataValueNotString, ATTNLAB_MESSAGE("CoreMessage", "\"__metadata__\": %1 must be a string")},
    {MessageId::TensorProblem, ATTNLAB_MESSAGE("CoreMessage", "tensor %1: %2")},
    {MessageId::EntryNotObject, ATTNLAB_MESSAGE("CoreMessage", "the entry must be an object")},
    {MessageId::DtypeMissing, ATTNLAB_MESSAGE("CoreMessage", "\"dtype\" is missing or not a string")},
    {MessageId::ShapeMissing, ATTNLAB_MESSAGE("CoreMessage", "\"shape\" is missing or not an array")},
    {MessageId::ShapeEntryBad, ATTNLAB_MESSAGE("CoreMessage", "\"shape\" %1 is not a non-negative integer")},
    {MessageId::ShapeTooLarge, ATTNLAB_MESSAGE("CoreMessage", "\"shape\" %1 has more elements than 2^64")},
    {MessageId::OffsetsBad, ATTNLAB_MESSAGE("CoreMessage", "\"data_offsets\" must be two non-negative integers")},
    {MessageId::OffsetsReversed, ATTNLAB_MESSAGE("CoreMessage", "data_offsets %1 end before they begin")},
    {MessageId::OffsetsBeyondData, ATTNLAB_MESSAGE("CoreMessage", "data_offsets %1 exceed the data section (%2 bytes)")},
    {MessageId::ShapeBytesOverflow, ATTNLAB_MESSAGE("CoreMessage", "shape %1 of %2 needs more bytes than 2^64")},
    {MessageId::ShapeBytesMismatch, ATTNLAB_MESSAGE("CoreMessage", "shape %1 of %2 needs %3 bytes but data_offsets %4 hold %5")},
    {MessageId::OffsetsOverlap, ATTNLAB_MESSAGE("CoreMessage", "data_offsets %1 overlap tensor %2 %3")},
    {MessageId::BytesOfNoTensor, ATTNLAB_MESSAGE("CoreMessage", "bytes %1 of the data section belong to no tensor")},
    {MessageId::DtypeUnreadable, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 has dtype %2; only F32, F16 and BF16 can be read")},
    {MessageId::ConfigKey, ATTNLAB_MESSAGE("CoreMessage", "\"%1\" %2")},
    {MessageId::ConfigPositiveInteger, ATTNLAB_MESSAGE("CoreMessage", "must be a positive integer (got %1)")},
    {MessageId::ConfigAboveMaximum, ATTNLAB_MESSAGE("CoreMessage", "is %1, above the supported maximum of %2")},
    {MessageId::ConfigEpsilon, ATTNLAB_MESSAGE("CoreMessage", "must be a number between 1e-30 and 1 (got %1)")},
    {MessageId::ConfigString, ATTNLAB_MESSAGE("CoreMessage", "must be a string (got %1)")},
    {MessageId::ConfigBoolean, ATTNLAB_MESSAGE("CoreMessage", "must be true or false (got %1)")},
    {MessageId::ConfigValueUnsupported, ATTNLAB_MESSAGE("CoreMessage", "= %1 is not supported")},
    {MessageId::ConfigOnlyAbsolute, ATTNLAB_MESSAGE("CoreMessage", "%1 is not supported (only \"absolute\")")},
    {MessageId::ConfigStringList, ATTNLAB_MESSAGE("CoreMessage", "must be a list of strings (got %1)")},
    {MessageId::ConfigListEntryUnsupported, ATTNLAB_MESSAGE("CoreMessage", "has %1, which is not implemented (only %2)")},
    {MessageId::ConfigMoreThanExperts, ATTNLAB_MESSAGE("CoreMessage", "is %1, more than the %3 experts of \"%2\"")},
    {MessageId::ConfigLayerList, ATTNLAB_MESSAGE("CoreMessage", "must be a list of layer indices from 0 to %1 (got %2)")},
    {MessageId::ConfigNotObject, ATTNLAB_MESSAGE("CoreMessage", "must be a JSON object")},
    {MessageId::ConfigModelTypeMissing, ATTNLAB_MESSAGE("CoreMessage", "\"model_type\" is missing; supported: %1")},
    {MessageId::ConfigModelTypeUnsupported, ATTNLAB_MESSAGE("CoreMessage", "\"model_type\" %1 is not supported; supported: %2")},
    {MessageId::ConfigNotDivisible, ATTNLAB_MESSAGE("CoreMessage", "\"%1\" (%2) is not divisible by \"%3\" (%4)")},
    {MessageId::ConfigTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the file has %1 bytes, more than the %2 allowed for a config")},
    {MessageId::ConfigPositiveNumber, ATTNLAB_MESSAGE("CoreMessage", "must be a positive number (got %1)")},
    {MessageId::ConfigRopeScalingObject, ATTNLAB_MESSAGE("CoreMessage", "must be an object or null (got %1)")},
    {MessageId::ConfigRopeScalingType, ATTNLAB_MESSAGE("CoreMessage", "type %1 is not supported (supported: \"default\", \"linear\", \"llama3\")")},
    {MessageId::ConfigRopeScalingKey, ATTNLAB_MESSAGE("CoreMessage", "needs a number \"%1\" for type \"%2\"")},
    {MessageId::ConfigRopeScalingFactors, ATTNLAB_MESSAGE("CoreMessage", "needs high_freq_factor (%2) greater than low_freq_factor (%1)")},
    {MessageId::ConfigRopeKeyUnused, ATTNLAB_MESSAGE("CoreMessage", "has \"%1\", which rope type \"%2\" does not use (refused rather than ignored)")},
    {MessageId::ConfigRopeLayerTypeKey, ATTNLAB_MESSAGE("CoreMessage", "has \"%1\", but holds one object per layer type (\"%2\", \"%3\")")},
    {MessageId::ConfigLayerType, ATTNLAB_MESSAGE("CoreMessage", "entry %1 is %2, not \"sliding_attention\" or \"full_attention\"")},
    {MessageId::ConfigLayerTypesLength, ATTNLAB_MESSAGE("CoreMessage", "must be a list of one layer type per layer (%1), got %2")},
    {MessageId::TensorMissing, ATTNLAB_MESSAGE("CoreMessage", "required tensor \"%1\" (with or without \"%2\") is missing")},
    {MessageId::TensorShapeDiffers, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 has shape %2 but config.json implies %3")},
    {MessageId::TensorDtypeUnsupported, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 has dtype %2; only F32, F16 and BF16 are supported")},
    {MessageId::NotFoundIn, ATTNLAB_MESSAGE("CoreMessage", "not found in %1")},
    {MessageId::PytorchWeightsOnly, ATTNLAB_MESSAGE("CoreMessage", "not found in %1, which holds PyTorch weights only (%2); those are never opened, since loading them runs code stored in the file. Download the model's .safetensors files instead, or load it with transformers and save it with save_pretrained(folder, safe_serialization=True)")},
    {MessageId::IndexTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the file has %1 bytes, more than the %2 allowed for an index")},
    {MessageId::IndexMetadataNotObject, ATTNLAB_MESSAGE("CoreMessage", "\"metadata\" must be an object")},
    {MessageId::IndexWeightMapNotObject, ATTNLAB_MESSAGE("CoreMessage", "\"weight_map\" is missing or not an object of tensor names and shard files")},
    {MessageId::IndexShardNameBad, ATTNLAB_MESSAGE("CoreMessage", "\"weight_map\": tensor %1 is placed in %2, which is not the name of a file in this folder")},
    {MessageId::ShardMissing, ATTNLAB_MESSAGE("CoreMessage", "not found in %1, though %2 places tensor %3 there — is the download complete?")},
    {MessageId::ShardLacksTensor, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 is not in this file, though %2 places it here")},
    {MessageId::TensorNotInIndex, ATTNLAB_MESSAGE("CoreMessage", "required tensor \"%1\" (with or without \"%2\") is not in its \"weight_map\"")},
    {MessageId::NoMemoryToConvert, ATTNLAB_MESSAGE("CoreMessage", "not enough memory to convert the weights to float")},

    // GGUF files (core/gguf).
    {MessageId::GgufTruncated, ATTNLAB_MESSAGE("CoreMessage", "the file ends here: %1 more bytes are needed at byte %2 of %3")},
    {MessageId::GgufMagic, ATTNLAB_MESSAGE("CoreMessage", "not a GGUF file: it starts with %1 where \"GGUF\" belongs")},
    {MessageId::GgufVersion, ATTNLAB_MESSAGE("CoreMessage", "GGUF version %1 cannot be read (versions 2 and 3 can)")},
    {MessageId::GgufLengthBeyondFile, ATTNLAB_MESSAGE("CoreMessage", "length %1 is more than the %2 bytes left in the file")},
    {MessageId::GgufCountBeyondFile, ATTNLAB_MESSAGE("CoreMessage", "%1 entries cannot fit in the %2 bytes left in the file")},
    {MessageId::GgufValueType, ATTNLAB_MESSAGE("CoreMessage", "unknown value type %1")},
    {MessageId::GgufNestedArray, ATTNLAB_MESSAGE("CoreMessage", "an array of arrays, which GGUF readers do not accept")},
    {MessageId::GgufDuplicateKey, ATTNLAB_MESSAGE("CoreMessage", "the key %1 appears twice")},
    {MessageId::GgufDuplicateTensor, ATTNLAB_MESSAGE("CoreMessage", "the tensor name %1 appears twice")},
    {MessageId::GgufDimensionCount, ATTNLAB_MESSAGE("CoreMessage", "%1 dimensions, more than the 4 a GGUF tensor may have")},
    {MessageId::GgufDimensionBad, ATTNLAB_MESSAGE("CoreMessage", "extent %1 is out of range")},
    {MessageId::GgufSizeOverflow, ATTNLAB_MESSAGE("CoreMessage", "the size of shape %1 overflows 64 bits")},
    {MessageId::GgufTensorType, ATTNLAB_MESSAGE("CoreMessage", "unknown tensor type %1")},
    {MessageId::GgufRowNotBlocks, ATTNLAB_MESSAGE("CoreMessage", "rows of %1 elements are not whole blocks of %2 (%3 elements each)")},
    {MessageId::GgufValueMustBe, ATTNLAB_MESSAGE("CoreMessage", "must be of type %1, not %2")},
    {MessageId::GgufAlignment, ATTNLAB_MESSAGE("CoreMessage", "alignment %1 is not a power of two")},
    {MessageId::GgufOffsetAlignment, ATTNLAB_MESSAGE("CoreMessage", "offset %1 is not a multiple of the alignment %2")},
    {MessageId::GgufDataBeyondFile, ATTNLAB_MESSAGE("CoreMessage", "its data %1 runs past the end of the data section (%2 bytes): the file is cut short")},
    {MessageId::GgufDataOverlap, ATTNLAB_MESSAGE("CoreMessage", "its data %1 overlaps tensor %2")},
    {MessageId::GgufTypeUnreadable, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 has type %2; only %3 can be read")},
    {MessageId::GgufArchitecture, ATTNLAB_MESSAGE("CoreMessage", "architecture %1 cannot be opened as a model (%2 can)")},
    {MessageId::GgufKeyMissing, ATTNLAB_MESSAGE("CoreMessage", "the key %1 is missing")},
    {MessageId::GgufTensorMissing, ATTNLAB_MESSAGE("CoreMessage", "required tensor %1 is missing")},
    {MessageId::GgufTensorShape, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 has extents %2 but the metadata implies %3")},
    {MessageId::GgufRopeFactors, ATTNLAB_MESSAGE("CoreMessage", "the file scales the rotary frequencies (tensor %1), which cannot be read yet")},
    {MessageId::GgufTokenizerUnsupported, ATTNLAB_MESSAGE("CoreMessage", "tokenizer %1 cannot be read yet (%2 can)")},
    {MessageId::GgufTokenIdOutOfRange, ATTNLAB_MESSAGE("CoreMessage", "must be a token id from 0 to %1, not %2")},
    {MessageId::GgufArrayLengthDiffers, ATTNLAB_MESSAGE("CoreMessage", "has %1 values, but %2 has %3")},
    {MessageId::GgufTokenNotUtf8, ATTNLAB_MESSAGE("CoreMessage", "token %1 is not UTF-8 text")},

    // Tokenizer files (core/tokenize): tokenizer.json, vocab.txt, vocab.json, merges.txt.
    {MessageId::JsonTypeString, ATTNLAB_MESSAGE("CoreMessage", "string")},
    {MessageId::JsonTypeBoolean, ATTNLAB_MESSAGE("CoreMessage", "boolean")},
    {MessageId::JsonTypeNumber, ATTNLAB_MESSAGE("CoreMessage", "number")},
    {MessageId::TokenizerNotSupported, ATTNLAB_MESSAGE("CoreMessage", "%1 is not supported (supported: %2)")},
    {MessageId::TokenizerMissing, ATTNLAB_MESSAGE("CoreMessage", "missing")},
    {MessageId::TokenizerMissingKey, ATTNLAB_MESSAGE("CoreMessage", "missing \"%1\"")},
    {MessageId::TokenizerMustBeString, ATTNLAB_MESSAGE("CoreMessage", "must be a string, not %1")},
    {MessageId::TokenizerMustBeBoolean, ATTNLAB_MESSAGE("CoreMessage", "must be true or false, not %1")},
    {MessageId::TokenizerMustBeTokenId, ATTNLAB_MESSAGE("CoreMessage", "must be a token id (a non-negative integer), not %1")},
    {MessageId::TokenizerTokenIdTooLarge, ATTNLAB_MESSAGE("CoreMessage", "token id %1 is larger than %2")},
    {MessageId::TokenizerMustBeCount, ATTNLAB_MESSAGE("CoreMessage", "must be a non-negative integer, not %1")},
    {MessageId::TokenizerMustBeCharacter, ATTNLAB_MESSAGE("CoreMessage", "must be a single character")},
    {MessageId::TokenizerMustBeArray, ATTNLAB_MESSAGE("CoreMessage", "must be an array, not %1")},
    {MessageId::TokenizerMustBePattern, ATTNLAB_MESSAGE("CoreMessage", "must be {\"String\": …} or {\"Regex\": …}")},
    {MessageId::TokenizerRegexInvalid, ATTNLAB_MESSAGE("CoreMessage", "the regular expression does not compile at character %1: %2")},
    {MessageId::TokenizerPrefixSpaceMismatch, ATTNLAB_MESSAGE("CoreMessage", "false does not match the declared prepend_scheme")},
    {MessageId::TokenizerMustBePart, ATTNLAB_MESSAGE("CoreMessage", "must be an object or null, not %1")},
    {MessageId::TokenizerDropout, ATTNLAB_MESSAGE("CoreMessage", "must be null or a number from 0 to 1")},
    {MessageId::TokenizerNotIn, ATTNLAB_MESSAGE("CoreMessage", "%1 is not in %2")},
    {MessageId::TokenizerNotInVocabulary, ATTNLAB_MESSAGE("CoreMessage", "%1 is not in the vocabulary")},
    {MessageId::TokenizerMergeNotStringOrPair, ATTNLAB_MESSAGE("CoreMessage", "must be a string \"a b\" or a pair [\"a\", \"b\"]")},
    {MessageId::TokenizerMergeNotTwoPieces, ATTNLAB_MESSAGE("CoreMessage", "%1 is not two pieces separated by one space")},
    {MessageId::TokenizerMustBeObjectNot, ATTNLAB_MESSAGE("CoreMessage", "must be an object, not %1")},
    {MessageId::TokenizerVocabNotObject, ATTNLAB_MESSAGE("CoreMessage", "must be an object of \"piece\": id, not %1")},
    {MessageId::TokenizerAtTopLevel, ATTNLAB_MESSAGE("CoreMessage", "(top level)%1: %2")},
    {MessageId::TokenizerMustBeObject, ATTNLAB_MESSAGE("CoreMessage", "must be an object")},
    {MessageId::TokenizerSpecialTokenMissingFrom, ATTNLAB_MESSAGE("CoreMessage", "the special token %1 is missing from %2")},
    {MessageId::TokenizerIdsAndTokensLength, ATTNLAB_MESSAGE("CoreMessage", "\"ids\" and \"tokens\" must be arrays of the same length")},
    {MessageId::TokenizerMustBeTemplatePiece, ATTNLAB_MESSAGE("CoreMessage", "must be {\"Sequence\": …} or {\"SpecialToken\": …}")},
    {MessageId::TokenizerMustBePair, ATTNLAB_MESSAGE("CoreMessage", "must be a pair [token, id]")},
    {MessageId::TokenizerConfigBoolean, ATTNLAB_MESSAGE("CoreMessage", "must be true or false")},
    {MessageId::TokenizerConfigToken, ATTNLAB_MESSAGE("CoreMessage", "must be a string or {\"content\": …}")},
    {MessageId::TokenizerNotUtf8, ATTNLAB_MESSAGE("CoreMessage", "not valid UTF-8")},
    {MessageId::TokenizerTooManyLines, ATTNLAB_MESSAGE("CoreMessage", "more than %1 lines")},
    {MessageId::TokenizerEmpty, ATTNLAB_MESSAGE("CoreMessage", "empty")},
    {MessageId::TokenizerSpecialTokenNotInVocabulary, ATTNLAB_MESSAGE("CoreMessage", "the special token \"%1\" is not in the vocabulary")},
    {MessageId::TokenizerLine, ATTNLAB_MESSAGE("CoreMessage", "line %1: %2")},
    {MessageId::TokenizerCannotReadBecause, ATTNLAB_MESSAGE("CoreMessage", "cannot read (%1)")},
    {MessageId::TokenizerCannotRead, ATTNLAB_MESSAGE("CoreMessage", "cannot read")},
    {MessageId::TokenizerFileTooLarge, ATTNLAB_MESSAGE("CoreMessage", "larger than %1 MB")},
    {MessageId::TokenizerNotJsonObject, ATTNLAB_MESSAGE("CoreMessage", "must be a JSON object, not %1")},
    {MessageId::TokenizerOutOfMemory, ATTNLAB_MESSAGE("CoreMessage", "out of memory while reading")},
    {MessageId::TokenizerNoFiles, ATTNLAB_MESSAGE("CoreMessage", "no tokenizer.json, vocab.txt, or vocab.json with merges.txt")},
    {MessageId::TokenizerFolderOutOfMemory, ATTNLAB_MESSAGE("CoreMessage", "out of memory while reading the tokenizer")},
    {MessageId::SentencePieceUnreadable, ATTNLAB_MESSAGE("CoreMessage", "SentencePiece cannot read this model: %1")},
    {MessageId::ForwardEncoderDecoder, ATTNLAB_MESSAGE("CoreMessage", "%1 is half of an encoder-decoder: open it as a translation model (--translate, or --target-text)")},

    // Chat templates (core/chat): reading and rendering tokenizer_config.json's chat_template.
    {MessageId::ChatTemplateLine, ATTNLAB_MESSAGE("CoreMessage", "template line %1: %2")},
    {MessageId::ChatUnclosed, ATTNLAB_MESSAGE("CoreMessage", "the chat template opens `%1` and never closes it with `%2`")},
    {MessageId::ChatUnexpectedCharacter, ATTNLAB_MESSAGE("CoreMessage", "the chat template has the character `%1` inside a tag, which Jinja does not allow there")},
    {MessageId::ChatUnclosedString, ATTNLAB_MESSAGE("CoreMessage", "the chat template has a string that is never closed")},
    {MessageId::ChatBadEscape, ATTNLAB_MESSAGE("CoreMessage", "the chat template has the escape `%1` with too few or invalid hexadecimal digits")},
    {MessageId::ChatTemplateTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the chat template is %1 bytes long, more than the limit of %2")},
    {MessageId::ChatTooManyTokens, ATTNLAB_MESSAGE("CoreMessage", "the chat template has more than %1 pieces inside its tags, the limit")},
    {MessageId::ChatUnexpectedTag, ATTNLAB_MESSAGE("CoreMessage", "the chat template has `{% %1 %}` where no open block expects it")},
    {MessageId::ChatExpected, ATTNLAB_MESSAGE("CoreMessage", "the chat template has a syntax error: expected %1, found %2")},
    {MessageId::ChatNestedTooDeep, ATTNLAB_MESSAGE("CoreMessage", "the chat template nests blocks or expressions deeper than the limit of %1 levels")},
    {MessageId::ChatMissingEnd, ATTNLAB_MESSAGE("CoreMessage", "the chat template ends before `%1`")},
    {MessageId::ChatUnsupportedSyntax, ATTNLAB_MESSAGE("CoreMessage", "the chat template uses the Jinja construct `%1`, which Attention Lab does not support")},
    {MessageId::ChatOutsideLoop, ATTNLAB_MESSAGE("CoreMessage", "the chat template uses `{% %1 %}` outside a for loop")},
    {MessageId::ChatUnsupportedTag, ATTNLAB_MESSAGE("CoreMessage", "the chat template uses the Jinja tag `{% %1 %}`, which Attention Lab does not support")},
    {MessageId::ChatNumberTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the chat template computes a number too large for 64 bits: %1")},
    {MessageId::ChatUnsupportedFilter, ATTNLAB_MESSAGE("CoreMessage", "the chat template uses the Jinja filter `%1`, which Attention Lab does not support")},
    {MessageId::ChatUnsupportedTest, ATTNLAB_MESSAGE("CoreMessage", "the chat template uses the Jinja test `%1`, which Attention Lab does not support")},
    {MessageId::ChatUnsupportedMethod, ATTNLAB_MESSAGE("CoreMessage", "the chat template calls the method `%1` on %2, which Attention Lab does not support")},
    {MessageId::ChatUnsupportedFunction, ATTNLAB_MESSAGE("CoreMessage", "the chat template calls the function `%1`, which Attention Lab does not support")},
    {MessageId::ChatUnsupportedDateFormat, ATTNLAB_MESSAGE("CoreMessage", "the chat template asks strftime_now for `%1`, which Attention Lab does not support")},
    {MessageId::ChatTooManySteps, ATTNLAB_MESSAGE("CoreMessage", "the chat template takes more than %1 steps to render, the limit")},
    {MessageId::ChatOutputTooLarge, ATTNLAB_MESSAGE("CoreMessage", "the chat template produces more than %1 bytes, the limit")},
    {MessageId::ChatListTooLong, ATTNLAB_MESSAGE("CoreMessage", "the chat template builds a list of more than %1 items, the limit")},
    {MessageId::ChatCallsTooDeep, ATTNLAB_MESSAGE("CoreMessage", "the chat template nests macro calls deeper than the limit of %1")},
    {MessageId::ChatSetAttribute, ATTNLAB_MESSAGE("CoreMessage", "the chat template sets an attribute of `%1`, which is %2, not a namespace()")},
    {MessageId::ChatUnpack, ATTNLAB_MESSAGE("CoreMessage", "the chat template unpacks into %1 names a value of %2 items")},
    {MessageId::ChatUndefined, ATTNLAB_MESSAGE("CoreMessage", "the chat template uses `%1`, which is not defined")},
    {MessageId::ChatDictKey, ATTNLAB_MESSAGE("CoreMessage", "the chat template uses %1 as a dict key; only strings are supported")},
    {MessageId::ChatSliceIndex, ATTNLAB_MESSAGE("CoreMessage", "the chat template slices with %1 where a whole number belongs")},
    {MessageId::ChatSliceStepZero, ATTNLAB_MESSAGE("CoreMessage", "the chat template slices with a step of zero")},
    {MessageId::ChatCannotSlice, ATTNLAB_MESSAGE("CoreMessage", "the chat template slices %1, which has no slices")},
    {MessageId::ChatNotCallable, ATTNLAB_MESSAGE("CoreMessage", "the chat template calls %1, which cannot be called")},
    {MessageId::ChatMacroArguments, ATTNLAB_MESSAGE("CoreMessage", "the chat template calls the macro `%1` with more than its %2 arguments")},
    {MessageId::ChatMacroKeyword, ATTNLAB_MESSAGE("CoreMessage", "the chat template calls the macro `%1` with the argument `%2`, which it does not have")},
    {MessageId::ChatBadOperand, ATTNLAB_MESSAGE("CoreMessage", "the chat template applies `%1` to %2")},
    {MessageId::ChatBadOperands, ATTNLAB_MESSAGE("CoreMessage", "the chat template applies `%1` to %2 and %3")},
    {MessageId::ChatDivisionByZero, ATTNLAB_MESSAGE("CoreMessage", "the chat template divides by zero")},
    {MessageId::ChatBadArgument, ATTNLAB_MESSAGE("CoreMessage", "the chat template gives `%1` %2, which it cannot take")},
    {MessageId::ChatNotIterable, ATTNLAB_MESSAGE("CoreMessage", "the chat template loops over %1, which is not a list, mapping or string")},
    {MessageId::ChatNoLength, ATTNLAB_MESSAGE("CoreMessage", "the chat template asks the length of %1")},
    {MessageId::ChatNoJson, ATTNLAB_MESSAGE("CoreMessage", "the chat template asks tojson for %1, which has no JSON form")},
    {MessageId::ChatRaised, ATTNLAB_MESSAGE("CoreMessage", "the chat template refuses this conversation: %1")},
    {MessageId::ChatOutOfMemory, ATTNLAB_MESSAGE("CoreMessage", "out of memory while rendering the chat template")},
    {MessageId::ChatTypeUndefined, ATTNLAB_MESSAGE("CoreMessage", "an undefined value")},
    {MessageId::ChatTypeNone, ATTNLAB_MESSAGE("CoreMessage", "none")},
    {MessageId::ChatTypeBoolean, ATTNLAB_MESSAGE("CoreMessage", "a boolean")},
    {MessageId::ChatTypeInteger, ATTNLAB_MESSAGE("CoreMessage", "a whole number")},
    {MessageId::ChatTypeFloat, ATTNLAB_MESSAGE("CoreMessage", "a real number")},
    {MessageId::ChatTypeString, ATTNLAB_MESSAGE("CoreMessage", "a text string")},
    {MessageId::ChatTypeList, ATTNLAB_MESSAGE("CoreMessage", "a list")},
    {MessageId::ChatTypeMapping, ATTNLAB_MESSAGE("CoreMessage", "a mapping")},
    {MessageId::ChatTypeNamespace, ATTNLAB_MESSAGE("CoreMessage", "a namespace")},
    {MessageId::ChatTypeMacro, ATTNLAB_MESSAGE("CoreMessage", "a macro")},
    {MessageId::ChatTypeFunction, ATTNLAB_MESSAGE("CoreMessage", "a function")},
    {MessageId::ChatTypeNothing, ATTNLAB_MESSAGE("CoreMessage", "nothing")},
    {MessageId::ChatTypeEmptyString, ATTNLAB_MESSAGE("CoreMessage", "an empty string")},
    {MessageId::ChatWhatValue, ATTNLAB_MESSAGE("CoreMessage", "a value")},
    {MessageId::ChatWhatName, ATTNLAB_MESSAGE("CoreMessage", "a name")},
    {MessageId::ChatWhatTextOrTag, ATTNLAB_MESSAGE("CoreMessage", "text or a tag")},
    {MessageId::ChatWhatEnd, ATTNLAB_MESSAGE("CoreMessage", "the end of the template")},
    {MessageId::ChatWhatText, ATTNLAB_MESSAGE("CoreMessage", "text")},
    {MessageId::ChatWhatNameValue, ATTNLAB_MESSAGE("CoreMessage", "name=value")},
    {MessageId::ChatTemplateMissing, ATTNLAB_MESSAGE("CoreMessage", "the model folder %1 has no chat template (neither chat_template.jinja nor \"chat_template\" in tokenizer_config.json), so it cannot wrap text as a chat turn")},
    {MessageId::ChatTemplateMissingInGguf, ATTNLAB_MESSAGE("CoreMessage", "the model file %1 has no chat template (no \"tokenizer.chat_template\" in its metadata), so it cannot wrap text as a chat turn")},
    {MessageId::ChatTemplateNotString, ATTNLAB_MESSAGE("CoreMessage", "must be a string or a list of {\"name\": …, \"template\": …}, not %1")},
    {MessageId::ChatTemplateEntryBad, ATTNLAB_MESSAGE("CoreMessage", "must be {\"name\": a string, \"template\": a string}")},
    {MessageId::ChatTemplateNoDefault, ATTNLAB_MESSAGE("CoreMessage", "lists chat templates named %1 but none named \"default\"")},

    // Forward passes (core/model/forward, forwardcheck): a checkpoint or an input they cannot run.
    {MessageId::ForwardTensorMissing, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 is missing")},
    {MessageId::ForwardTensorShape, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 has shape %2, expected %3")},
    {MessageId::ForwardTensorLength, ATTNLAB_MESSAGE("CoreMessage", "tensor %1 has shape %2, expected length %3")},
    {MessageId::ForwardTypeVocabSize, ATTNLAB_MESSAGE("CoreMessage", "config type_vocab_size must be at least 1")},
    {MessageId::ForwardConfigTooSmall, ATTNLAB_MESSAGE("CoreMessage", "config needs at least one layer, head, hidden unit, vocabulary entry and position")},
    {MessageId::ForwardHiddenNotDivisible, ATTNLAB_MESSAGE("CoreMessage", "config hidden size %1 is not divisible by the number of heads %2")},
    {MessageId::ForwardEpsilon, ATTNLAB_MESSAGE("CoreMessage", "config layer norm epsilon must be a finite number ≥ 0")},
    {MessageId::ForwardLayerCount, ATTNLAB_MESSAGE("CoreMessage", "the checkpoint has %1 layers but config.json says %2")},
    {MessageId::ForwardActivation, ATTNLAB_MESSAGE("CoreMessage", "unsupported activation function \"%1\" (supported: %2)")},
    {MessageId::ForwardNoTokens, ATTNLAB_MESSAGE("CoreMessage", "the text has no tokens")},
    {MessageId::ForwardTooManyTokens, ATTNLAB_MESSAGE("CoreMessage", "the text has %1 tokens but the model takes at most %2")},
    {MessageId::ForwardTokenOutsideVocabulary, ATTNLAB_MESSAGE("CoreMessage", "token id %1 at position %2 is outside the vocabulary (size %3)")},
    {MessageId::ForwardPredictionPosition, ATTNLAB_MESSAGE("CoreMessage", "prediction position %1 is outside the text (%2 tokens)")},
    {MessageId::ForwardHeadMaskShape, ATTNLAB_MESSAGE("CoreMessage", "the head mask is %1×%2 but the model has %3 layers of %4 heads")},
    {MessageId::ForwardHeadMaskNotFinite, ATTNLAB_MESSAGE("CoreMessage", "the head mask has a value that is not a finite number")},
    {MessageId::ForwardKeyValueHeads, ATTNLAB_MESSAGE("CoreMessage", "config has %1 heads, which is not a multiple of its %2 key/value heads")},
    {MessageId::ForwardNoPositions, ATTNLAB_MESSAGE("CoreMessage", "%1 has no position information, which the forward pass does not implement")},
    {MessageId::ForwardRotaryInterleaved, ATTNLAB_MESSAGE("CoreMessage", "%1 rotates interleaved pairs of dimensions, which the forward pass does not implement")},
    {MessageId::ForwardRotaryOddHeadDim, ATTNLAB_MESSAGE("CoreMessage", "rotary positions need an even head size, not %1")},
    {MessageId::ForwardQkNormCentred, ATTNLAB_MESSAGE("CoreMessage", "%1: the norm of each head's q and k is implemented as an RMSNorm only, not as a LayerNorm")},
    {MessageId::ForwardPreNormWithoutFinalNorm, ATTNLAB_MESSAGE("CoreMessage", "%1 normalises before each block but has no final norm, which the forward pass does not implement")},

    // The √d_k experiment's options (core/experiment).
    {MessageId::SqrtDkMaxDk, ATTNLAB_MESSAGE("CoreMessage", "the largest d_k must be between 1 and 4096")},
    {MessageId::SqrtDkSamples, ATTNLAB_MESSAGE("CoreMessage", "the sample count must be between 2 and %1")},
    {MessageId::SqrtDkTrials, ATTNLAB_MESSAGE("CoreMessage", "the number of softmax trials must be between 1 and %1")},
    {MessageId::SqrtDkKeys, ATTNLAB_MESSAGE("CoreMessage", "the number of keys must be between 1 and %1")},

    // Generation (core/model/decoder, sampling): a model or settings that cannot generate.
    {MessageId::GenerateNotCausal, ATTNLAB_MESSAGE("CoreMessage", "%1 cannot generate text: it is not a causal language model (each token sees the whole text, and it predicts masked tokens, not the next one)")},
    {MessageId::GenerateTemperature, ATTNLAB_MESSAGE("CoreMessage", "the temperature must be a finite number ≥ 0 (0 = greedy), got %1")},
    {MessageId::GenerateTopK, ATTNLAB_MESSAGE("CoreMessage", "top-k must be a whole number ≥ 0 (0 = off), got %1")},
    {MessageId::GenerateTopP, ATTNLAB_MESSAGE("CoreMessage", "top-p must be greater than 0 and at most 1 (1 = off), got %1")},
    {MessageId::GenerateNewTokens, ATTNLAB_MESSAGE("CoreMessage", "the number of new tokens must be at least 1, got %1")},
    {MessageId::GenerateNoRoom, ATTNLAB_MESSAGE("CoreMessage", "the prompt has %1 tokens and the model takes at most %2 positions, so at most %3 new tokens fit, not %4")},
    {MessageId::GenerateEosTokenId, ATTNLAB_MESSAGE("CoreMessage", "expected a token id (a whole number ≥ 0) or a list of them, got %1")},
    {MessageId::GenerateEndTokenOutsideVocabulary, ATTNLAB_MESSAGE("CoreMessage", "token id %1 is outside the model's vocabulary of %2 ids (config.json's vocab_size)")},
    {MessageId::GenerateNoTokenToDraw, ATTNLAB_MESSAGE("CoreMessage", "the model's prediction gives no token a probability (its logits are not finite numbers)")},
    {MessageId::GenerateCachePolicy, ATTNLAB_MESSAGE("CoreMessage", "the cache window must be a whole number ≥ 1 (0 = the whole cache) and the sinks ≥ 0, with a window; got window %1 and sinks %2")},
    {MessageId::GenerateDraftVocabulary, ATTNLAB_MESSAGE("CoreMessage", "the draft model's vocabulary has %1 ids and the target's %2: speculative decoding needs one vocabulary")},
    {MessageId::GenerateDraftTokens, ATTNLAB_MESSAGE("CoreMessage", "the draft must propose at least 1 token per step, got %1")},
    {MessageId::GenerateDoSample, ATTNLAB_MESSAGE("CoreMessage", "expected true or false, got %1")},
    {MessageId::GenerateRepetitionPenalty, ATTNLAB_MESSAGE("CoreMessage", "the repetition penalty must be a finite number greater than 0 (1 = off), got %1")},
    {MessageId::GenerateBadWords, ATTNLAB_MESSAGE("CoreMessage", "expected a list of token-id lists, each with at least one id, got %1")},
    // The stopping rule in words (core/generate/stoppingrule).
    {MessageId::GenerateStopRule, ATTNLAB_MESSAGE("CoreMessage", "A run ends early when the model generates %1; that token is kept, as transformers' generate() keeps it.")},
    {MessageId::GenerateStopModelTokens, ATTNLAB_MESSAGE("CoreMessage", "one of its end tokens %1 (%2, eos_token_id)")},
    {MessageId::GenerateStopChatToken, ATTNLAB_MESSAGE("CoreMessage", "the chat turn's end token %1 = %2 (tokenizer_config.json, eos_token)")},
    {MessageId::GenerateStopEither, ATTNLAB_MESSAGE("CoreMessage", "%1 or %2")},
    {MessageId::GenerateStopNoEndToken, ATTNLAB_MESSAGE("CoreMessage", "The model names no end token (%1 has no eos_token_id): a run ends after its number of tokens or at the model's last position.")},
    // The Ollama store (core/gguf/ollamastore).
    {MessageId::OllamaNoModelLayer, ATTNLAB_MESSAGE("CoreMessage", "no layer has the media type %1")},
    {MessageId::OllamaBadDigest, ATTNLAB_MESSAGE("CoreMessage", "must be \"sha256:\" and 64 hexadecimal digits, not %1")},
    {MessageId::SessionUnknownTensor, ATTNLAB_MESSAGE("CoreMessage", "expected a tensor of the block such as \"mlp_in.weight\", got \"%1\"")},
    // The attention variants of a scene (core/scene/variants).
    {MessageId::MustBeGreaterThanZero, ATTNLAB_MESSAGE("CoreMessage", "must be a number greater than 0, got %1")},
    {MessageId::WhyOnePerHeadDimension, ATTNLAB_MESSAGE("CoreMessage", "one per dimension of a head: d_k = %1")},
    {MessageId::ExpectedVariantsObject, ATTNLAB_MESSAGE("CoreMessage", "expected an object of attention variants (\"sliding_window\", \"soft_cap\", \"qk_norm\", \"sink_logit\", …), got %1")},
    // A scene's memory, cross-attention's keys and values (core/scene/memory).
    {MessageId::MemoryTokenPerRow, ATTNLAB_MESSAGE("CoreMessage", "needs one key token per row of memory.X: %1 rows, %2 tokens")},
    {MessageId::MemoryWidth, ATTNLAB_MESSAGE("CoreMessage", "each row of the memory must be d_model = %1 wide, not %2")},
    {MessageId::MemoryNoMask, ATTNLAB_MESSAGE("CoreMessage", "must be \"none\" in a scene with a memory (cross-attention masks nothing across the memory), not \"%1\"")},
    {MessageId::MemoryNoRope, ATTNLAB_MESSAGE("CoreMessage", "a scene with a memory cannot rotate by position (rotary positions belong to self-attention)")},
    {MessageId::ExpectedMemoryObject, ATTNLAB_MESSAGE("CoreMessage", "expected an object with \"tokens\" and \"X\", got %1")},
    {MessageId::MemoryNoSlidingWindow, ATTNLAB_MESSAGE("CoreMessage", "must be 0 (off) in a scene with a memory, not %1: a sliding window is a band along one sequence's positions, and cross-attention's queries and keys come from two sequences")},
};
// clang-format on

constexpr bool catalogueInOrder()
{
    for (std::size_t i = 0; i < std::size(kCatalogue); ++i)
        if (int(kCatalogue[i].id) != int(i))
            return false;
    return true;
}
static_assert(catalogueInOrder(), "kCatalogue lists every MessageId once, in the enum's order");

} // namespace

Message Message::literal(std::string text)
{
    Message m;
    m.text = std::move(text);
    return m;
}

Message Message::systemError(int error)
{
    Message m;
    m.id = MessageId::Errno;
    m.text = std::to_string(error);
    return m;
}

std::string Message::english() const
{
    if (id == MessageId::Literal)
        return text;
    if (id == MessageId::Errno)
        return std::strerror(std::atoi(text.c_str()));
    std::vector<std::string> parts;
    parts.reserve(args.size());
    for (const Message &a : args)
        parts.push_back(a.english());
    return substituteArguments(messageTemplate(id), parts);
}

const char *messageTemplate(MessageId id)
{
    const int i = int(id);
    return i >= 0 && i < messageIdCount() ? kCatalogue[i].english : "";
}

int messageIdCount()
{
    return int(std::size(kCatalogue));
}

std::string substituteArguments(const std::string &pattern, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(pattern.size());
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
            const std::size_t n = std::size_t(pattern[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::string formatProblem(const std::string &file, const Problem &p)
{
    std::string out = file;
    if (p.line > 0)
        out += ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
    if (!out.empty())
        out += ": ";
    if (!p.path.empty())
        out += p.path + ": ";
    return out + p.message.english();
}

} // namespace attnlab::core
