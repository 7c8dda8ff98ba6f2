"""Registry of the book's data files: where each comes from and its sha256.

Generated once from ``shared/datasets/MANIFEST.md``; edit by hand when a file is added.
``sha256`` is the hash of the file as stored (``path`` under a data directory);
``content_sha256`` the hash of its decompressed content (equal to ``sha256`` for plain
files). ``urls`` are tried in order; ``member`` names the file inside a downloaded
archive; ``source_sha256`` is the hash of the downloaded bytes where it is known and
differs (the Weka ARFFs are served with CRLF line ends, ``crlf_to_lf``).

Files are grouped into **data sets**, the unit ``evalkit datasets fetch NAME`` and the
loaders work in: the files of a folder ``GROUP/NAME/...`` form the data set ``NAME``
(``cora``, ``email-Enron``); a file ``GROUP/NAME.EXT`` directly under a group is the data set
``NAME`` (``iris``, ``CollegeMsg``, ``cond-mat``). The groups are ``labeled``, ``temporal``
and ``uci``. :func:`dataset_files` turns a data set name, a group or a registered path into
registered paths.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from .._checks import Boolean, Text, Values, checks

__all__ = ["DATASETS", "DataFile", "GROUPS", "REGISTRY", "check_registered", "dataset_files", "dataset_of", "info",
           "list_datasets", "list_files"]


@checks(path=Text(), urls=Values(of=Text(), min_len=0), sha256=Text(), content_sha256=Text(), member=Text(none=True),
        source_sha256=Text(none=True), crlf_to_lf=Boolean(), homepage=Text(none=True))
@dataclass(frozen=True)
class DataFile:
    """One file of the registry: where it lives, where it comes from, what it hashes to.

    Parameters
    ----------
    path : str
        The relative path under a data directory.
    urls : tuple of str
        Where to download it, tried in order.
    sha256 : str
        The hash of the file as stored.
    content_sha256 : str
        The hash of its decompressed content (``sha256`` for a plain file).
    member : str, optional
        The file inside a downloaded archive.
    source_sha256 : str, optional
        The hash of the downloaded bytes, where known and different.
    crlf_to_lf : bool, default False
        Whether the download's CRLF line ends become LF.
    homepage : str, optional
        The data set's home page.

    Examples
    --------
    >>> REGISTRY["uci/iris.arff.gz"].path
    'uci/iris.arff.gz'
    """

    path: str
    urls: tuple
    sha256: str
    content_sha256: str
    member: str | None = None
    source_sha256: str | None = None
    crlf_to_lf: bool = False
    homepage: str | None = None


REGISTRY = {
    'labeled/citeseer/README': DataFile(
        path='labeled/citeseer/README',
        urls=('https://linqs-data.soe.ucsc.edu/public/lbc/citeseer.tgz',),
        sha256='29159b5caa99874d37c58e5d929e20da4b65a92906b88480d11ac952c22fecbf',
        content_sha256='29159b5caa99874d37c58e5d929e20da4b65a92906b88480d11ac952c22fecbf',
        member='citeseer/README',
        homepage='https://linqs.org/datasets/',
    ),
    'labeled/citeseer/citeseer.cites.gz': DataFile(
        path='labeled/citeseer/citeseer.cites.gz',
        urls=('https://linqs-data.soe.ucsc.edu/public/lbc/citeseer.tgz',),
        sha256='b6a1c6049a3ce4240e0cd00504b1f9ec449ababc810e99900cb6d9f6a47a7dd2',
        content_sha256='cd9730630eaaa745058c2cd2cce6b9afb79ca71278a479aebec55f4cf5eb7f30',
        member='citeseer/citeseer.cites',
        homepage='https://linqs.org/datasets/',
    ),
    'labeled/citeseer/citeseer.content.gz': DataFile(
        path='labeled/citeseer/citeseer.content.gz',
        urls=('https://linqs-data.soe.ucsc.edu/public/lbc/citeseer.tgz',),
        sha256='729b2c083da8513903fd4eaae8d18aa9660f1454e884c6474d2bc2c42fd38cfd',
        content_sha256='de4a3ca98626d77193f27af5c976b981a56080e6273c4e1c05764a95d2143ff8',
        member='citeseer/citeseer.content',
        homepage='https://linqs.org/datasets/',
    ),
    'labeled/cora/README': DataFile(
        path='labeled/cora/README',
        urls=('https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz',),
        sha256='ecfcfcdc830c6fe49a148c318044cd65d8335c9442c6ba5d9fba1bcee9bc7a0d',
        content_sha256='ecfcfcdc830c6fe49a148c318044cd65d8335c9442c6ba5d9fba1bcee9bc7a0d',
        member='cora/README',
        homepage='https://linqs.org/datasets/',
    ),
    'labeled/cora/cora.cites.gz': DataFile(
        path='labeled/cora/cora.cites.gz',
        urls=('https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz',),
        sha256='47d79563654d5fb075124313a97c62235c87651aa434ca31dad8e71aef3873d7',
        content_sha256='ec1a372391b7f0f60a6aff0084e8abd8f19f0faa7e1f2441a41c492042d5945e',
        member='cora/cora.cites',
        homepage='https://linqs.org/datasets/',
    ),
    'labeled/cora/cora.content.gz': DataFile(
        path='labeled/cora/cora.content.gz',
        urls=('https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz',),
        sha256='f952664ed42f333bef3af425568affb25b31bfd0aba522293280c946d7b12c94',
        content_sha256='b8ebed0fd45e53995abafd1b70cf6a9fcc8f86abc5826d69b97fe6ca46e9c8ee',
        member='cora/cora.content',
        homepage='https://linqs.org/datasets/',
    ),
    'labeled/enron-roles/email-Enron-full-node-labels.txt.gz': DataFile(
        path='labeled/enron-roles/email-Enron-full-node-labels.txt.gz',
        urls=('https://raw.githubusercontent.com/giannisnik/segk/360ccb606da613edccbdafcc30ac3fd0af19c3bf/datasets/enron/email-Enron-full-node-labels.txt',),
        sha256='d1ebf976b680bfdf2426961bc9d092a798226d127695c4c4fa585cfb27c3f688',
        content_sha256='f1114e4fba5f122ce94ba5f60a4a3b7f53476eb54ca7331e4e62bb86ae1ffeea',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron-full/',
    ),
    'labeled/enron-roles/email-Enron-full-proj-graph.txt.gz': DataFile(
        path='labeled/enron-roles/email-Enron-full-proj-graph.txt.gz',
        urls=('https://raw.githubusercontent.com/giannisnik/segk/360ccb606da613edccbdafcc30ac3fd0af19c3bf/datasets/enron/email-Enron-full-proj-graph.txt',),
        sha256='04aaa0a79bdcb99e7d43e6e6c6697f7c22de98f77f4d3c7fa728a4be76c26dc7',
        content_sha256='8c6f58cecddaa02e23b10b3bf9eca6aaf9023633b18972c8c5fa42ec4f3be4ce',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron-full/',
    ),
    'labeled/enron-roles/employees.txt.gz': DataFile(
        path='labeled/enron-roles/employees.txt.gz',
        urls=('https://raw.githubusercontent.com/giannisnik/segk/360ccb606da613edccbdafcc30ac3fd0af19c3bf/datasets/enron/employees.txt',),
        sha256='af87362d2a9bb9d13ac27ce19fadb35a5bd2820c9086120e0f545d7b0ccd245b',
        content_sha256='ac01eb59a8fd72b15954b171798f07fe256f2b8f8d2338c91e6df2aabc26683f',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron-full/',
    ),
    'labeled/polbooks/polbooks.gml.gz': DataFile(
        path='labeled/polbooks/polbooks.gml.gz',
        urls=('http://www-personal.umich.edu/~mejn/netdata/polbooks.zip',),
        sha256='17607fd6568ebdb7289ccd0d67191bc35c00e9a238fd2817d2741407c46d4b0f',
        content_sha256='29e2439036fa4e13b478a9d4ceda78b5ab4d4d8252882a7f2b6036b028e34848',
        member='polbooks.gml',
        homepage='http://www-personal.umich.edu/~mejn/netdata/',
    ),
    'labeled/polbooks/polbooks.txt': DataFile(
        path='labeled/polbooks/polbooks.txt',
        urls=('http://www-personal.umich.edu/~mejn/netdata/polbooks.zip',),
        sha256='8baf61f8ec2823b38610ab45952599dc589bf6dc1a7ef1253be75b5b017a0f53',
        content_sha256='8baf61f8ec2823b38610ab45952599dc589bf6dc1a7ef1253be75b5b017a0f53',
        member='polbooks.txt',
        homepage='http://www-personal.umich.edu/~mejn/netdata/',
    ),
    'temporal/CollegeMsg.txt.gz': DataFile(
        path='temporal/CollegeMsg.txt.gz',
        urls=('https://snap.stanford.edu/data/CollegeMsg.txt.gz',),
        sha256='50ae2d98ed3bad9ddb18dbd495a89e5e10cfb8f7e86932827db29fc41b41f9fa',
        content_sha256='e00ba2415373dee52c00616065bcceaa4750e78de60d1855c76470600f10740f',
        homepage='https://snap.stanford.edu/data/CollegeMsg.html',
    ),
    'temporal/cond-mat.hg2.gz': DataFile(
        path='temporal/cond-mat.hg2.gz',
        urls=('http://www.nd.edu/~rlichten/linkpred/cond-mat.hg2.gz', 'https://github.com/rlichtenwalter/LPmade/raw/ba322c344b6516ec60ead36c7988cecdede3fa6c/wd/condmat/src/cond-mat.hg2.gz'),
        sha256='9a42c9a45180d79efc99a1bc66002801dd8da88a7398d8cf76b54739ef5621cf',
        content_sha256='a914caa3446c8d61c727fcee29f38a24b9cbd4999d1da16536d6d04037cfb450',
        homepage='https://github.com/rlichtenwalter/LPmade',
    ),
    'temporal/email-Enron/README.txt': DataFile(
        path='temporal/email-Enron/README.txt',
        urls=('https://raw.githubusercontent.com/arbenson/ScHoLP-Tutorial/de256b2556bf54ca6459086fbc6a052618ad6908/data/email-Enron/README.txt',),
        sha256='3a8777da4a93603d06f77c1ec3d2cabb7240400d6d1dceeb3090bcec3b0674b5',
        content_sha256='3a8777da4a93603d06f77c1ec3d2cabb7240400d6d1dceeb3090bcec3b0674b5',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron/',
    ),
    'temporal/email-Enron/email-Enron-node-labels.txt.gz': DataFile(
        path='temporal/email-Enron/email-Enron-node-labels.txt.gz',
        urls=('https://raw.githubusercontent.com/arbenson/ScHoLP-Tutorial/de256b2556bf54ca6459086fbc6a052618ad6908/data/email-Enron/email-Enron-node-labels.txt',),
        sha256='9c3e56261bbca2615cdfef4d09f88cff0460355e14afb70f0af4bae97ad59b1d',
        content_sha256='c7736c35eef5a6c0319d5e1d1ba2b514edc9078832c60d00ee983cdbd61ff64d',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron/',
    ),
    'temporal/email-Enron/email-Enron-nverts.txt.gz': DataFile(
        path='temporal/email-Enron/email-Enron-nverts.txt.gz',
        urls=('https://raw.githubusercontent.com/arbenson/ScHoLP-Tutorial/de256b2556bf54ca6459086fbc6a052618ad6908/data/email-Enron/email-Enron-nverts.txt',),
        sha256='49c76736c5b7cdd4bc83c867c4c1781ab1ca7946620fd9dfb5d3a54e97087d3b',
        content_sha256='a1411e6310ebd197884ef2b7fdd11013dc18746f6ce71b5b26fe8e09fe5ed032',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron/',
    ),
    'temporal/email-Enron/email-Enron-simplices.txt.gz': DataFile(
        path='temporal/email-Enron/email-Enron-simplices.txt.gz',
        urls=('https://raw.githubusercontent.com/arbenson/ScHoLP-Tutorial/de256b2556bf54ca6459086fbc6a052618ad6908/data/email-Enron/email-Enron-simplices.txt',),
        sha256='72c6c492c259f82600d26a65a8c0f94f740a0bdf234a166bc724014cf591ecdd',
        content_sha256='3024b89401b4e09dd9b1961b411ce048bda30304f3da1bd1457a95081c154827',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron/',
    ),
    'temporal/email-Enron/email-Enron-times.txt.gz': DataFile(
        path='temporal/email-Enron/email-Enron-times.txt.gz',
        urls=('https://raw.githubusercontent.com/arbenson/ScHoLP-Tutorial/de256b2556bf54ca6459086fbc6a052618ad6908/data/email-Enron/email-Enron-times.txt',),
        sha256='ae2ff2895d69d956cb69d349d56a57959f57999649ed9a66d6a9b6c35c758934',
        content_sha256='ded0d24aa880b6bc54c74f79c63850b615d2d1aafd544f6ced519745beeb1d6a',
        homepage='https://www.cs.cornell.edu/~arb/data/email-Enron/',
    ),
    'temporal/email-Eu-core-temporal-Dept1.txt.gz': DataFile(
        path='temporal/email-Eu-core-temporal-Dept1.txt.gz',
        urls=('https://snap.stanford.edu/data/email-Eu-core-temporal-Dept1.txt.gz',),
        sha256='d914eb16d63cf48db86bb197fd939231092013937d04e80c8e0298bd20248fbf',
        content_sha256='8875f161e772d6024dccf1b5a0310d5006ea155164ad56cb38a6a334d6b51796',
        homepage='https://snap.stanford.edu/data/email-Eu-core-temporal-Dept1.html',
    ),
    'temporal/email-Eu-core-temporal-Dept2.txt.gz': DataFile(
        path='temporal/email-Eu-core-temporal-Dept2.txt.gz',
        urls=('https://snap.stanford.edu/data/email-Eu-core-temporal-Dept2.txt.gz',),
        sha256='8e8dcdb9049a671f2afcb4bc91ff8ad77423a40612ce8318ef0825aa8b44b53d',
        content_sha256='2488f3de81722acd1a3ed611c3f0f348dc9e9f3e030cb821edb5fd928c53b45f',
        homepage='https://snap.stanford.edu/data/email-Eu-core-temporal-Dept2.html',
    ),
    'temporal/email-Eu-core-temporal-Dept3.txt.gz': DataFile(
        path='temporal/email-Eu-core-temporal-Dept3.txt.gz',
        urls=('https://snap.stanford.edu/data/email-Eu-core-temporal-Dept3.txt.gz',),
        sha256='b1f92288e855044bbc74bacac39d42b12e59ec2a0130ad8df419786eb46a7bff',
        content_sha256='87f766b9e9547cb315c2fc1e49ed6eff2c60c121579b22d095079a401bbb3eb9',
        homepage='https://snap.stanford.edu/data/email-Eu-core-temporal-Dept3.html',
    ),
    'temporal/email-Eu-core-temporal-Dept4.txt.gz': DataFile(
        path='temporal/email-Eu-core-temporal-Dept4.txt.gz',
        urls=('https://snap.stanford.edu/data/email-Eu-core-temporal-Dept4.txt.gz',),
        sha256='82756f2f2811cf94d4d58b89b95e2fbdb6ce9fa516a3701cec4001e0c6c64b6c',
        content_sha256='998b826e3d9bc87a46cf1bfc98aa005c41a962d85b3a5e8acf3dcf4d16a8289d',
        homepage='https://snap.stanford.edu/data/email-Eu-core-temporal-Dept4.html',
    ),
    'temporal/email-Eu-core-temporal.txt.gz': DataFile(
        path='temporal/email-Eu-core-temporal.txt.gz',
        urls=('https://snap.stanford.edu/data/email-Eu-core-temporal.txt.gz',),
        sha256='f6cc93249978e59d1aba111b55ea10ec553917419a3be1210012b5db3580efa6',
        content_sha256='1835c94dc6685dcf2a614a1b6a0275b323dd4002f7aa111fbe9f76db8864391f',
        homepage='https://snap.stanford.edu/data/email-Eu-core-temporal.html',
    ),
    'temporal/ia-reality-call.txt.gz': DataFile(
        path='temporal/ia-reality-call.txt.gz',
        urls=('https://raw.githubusercontent.com/4AlexMin/dynamic-networks/53f305f18d02dda2f188aac21a6f0964f1b982e0/human/Communication%20Networks/ia-reality-call.txt',),
        sha256='5ebcea2d1016b2f270c314ce776e30f37ff2bd61f73fdb91663103053e0a21af',
        content_sha256='13c9ba00fc7df9fbd4e42254cc3292b422b2030568e60229664459c35ad9d1f3',
        homepage='https://networkrepository.com/ia-reality-call.php',
    ),
    'temporal/sx-mathoverflow-a2q.txt.gz': DataFile(
        path='temporal/sx-mathoverflow-a2q.txt.gz',
        urls=('https://snap.stanford.edu/data/sx-mathoverflow-a2q.txt.gz',),
        sha256='1e160dcd3e685f7467f4869451899bae0299016080ae994895a900b57812ca78',
        content_sha256='51a0728050659cee0a59a63f7d84db889c4d64afe36220c381046bc20464f65e',
        homepage='https://snap.stanford.edu/data/sx-mathoverflow-a2q.html',
    ),
    'temporal/sx-mathoverflow.txt.gz': DataFile(
        path='temporal/sx-mathoverflow.txt.gz',
        urls=('https://snap.stanford.edu/data/sx-mathoverflow.txt.gz',),
        sha256='cdc635fda76dab06ab02ca242563fa333bb83d096571342ef0326d85ff0c04da',
        content_sha256='2bf52f784cdba69730f912633aa1414b381059406ded2c38bc37658ead5b0773',
        homepage='https://snap.stanford.edu/data/sx-mathoverflow.html',
    ),
    'uci/anneal.arff.gz': DataFile(
        path='uci/anneal.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/anneal.arff',),
        sha256='395ca26b12dd74bda86ce1e1f538e844038f828716b148feb1e76e68566f7571',
        content_sha256='16579283dc5b058fcfe591d72578809307c842414b070548c6550336562e0f52',
        source_sha256='a16e95bc861035d3425861bae9681d1d3236158d692060967634c480c7c5bb2c',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/arrhythmia.arff.gz': DataFile(
        path='uci/arrhythmia.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/arrhythmia.arff',),
        sha256='16873a9a8b9f19e9da00d9ea500ea9d606bd24aaccd74357b6a035baa52b61fd',
        content_sha256='c52b849fd1ade3c58c0327cf62ce7c4457a2e5dfd047b4e2563d5b54cec666b9',
        source_sha256='cf145317a39d4110dff2060f307de96bec7eb4f42a5c0efe25438682e8a5fcfc',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/audiology.arff.gz': DataFile(
        path='uci/audiology.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/audiology.arff',),
        sha256='eac1ccdceeb5e3f495e7b06faf6f7c25ae2fddee3b8fd4d2617bac80723e4144',
        content_sha256='7c27ff462d6f05d83bf672db88add7621e7da1014eb174a0aac52b3d0a1c5903',
        source_sha256='dbf1ce6d199ced56f7124cb5737155b1caf9b7190c571dc5ceb68cf194abcd3a',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/autos.arff.gz': DataFile(
        path='uci/autos.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/autos.arff',),
        sha256='11e6837805f75ba81cea06c6b2b6e054c52894fdc1f2aed217d50c3d9366c80e',
        content_sha256='61335be0bef9805450fbcd82068c452d5af4e51b33e2397cf11816688fa87a3a',
        source_sha256='03778de49e150d3305affb5ac351ec031e85c86ccefcc37dc36f755f856c9216',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/balance-scale.arff.gz': DataFile(
        path='uci/balance-scale.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/balance.scale.arff',),
        sha256='000fd4b9346fae7a1b620a8a79845cee82ba7380b6a45f06c8b27ea2710327c4',
        content_sha256='0a899e5e684300ae0e7d7acb54798b6cf136c1c77ae9e5b3fb197e4ae2dda456',
        source_sha256='ba8570478b133a15640672fb67301cead7050624fd3597f21fd7da8396a97485',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/breast-cancer.arff.gz': DataFile(
        path='uci/breast-cancer.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/breast.cancer.arff',),
        sha256='415cc2a41356108474d5c6a4e4724b02d82995119bd41887528d648530733db0',
        content_sha256='f37aea89243c1ea4fff82269ccd0a677afd5d88966bd927295be9f774a15e9d9',
        source_sha256='9149849531f1133ddb0af97060efb860d8272475871104e5e6519d4b0103d33e',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/breast-w.arff.gz': DataFile(
        path='uci/breast-w.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/breast.w.arff',),
        sha256='2a0b0991d88b041d07abb20d59cde6128a9889fa2be0dbbbf3789544adf0c889',
        content_sha256='aefbad870c58b835c9b6bc57dd06d948af3c77d9e3ae01fb94bda66819b16c74',
        source_sha256='e34b01d1c3213c26d54445278879143d718770aa59f3a363668f45b8fb3b3ed4',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/colic.arff.gz': DataFile(
        path='uci/colic.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/colic.arff',),
        sha256='a217654c7ebb83a173ecabe92bd8db02b86a9c3b93bed499a71de54e9bf215f0',
        content_sha256='4d609f1611113bec1a2b67f30115f0054945b0e123260f0cfcaa7b6325eb1841',
        source_sha256='b4d703215840e9d40b93a3e3c578774f93867ff7758cbc2466e445cff0a25d98',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/credit-a.arff.gz': DataFile(
        path='uci/credit-a.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/credit.a.arff',),
        sha256='9dca0aebd0e082af57541630aef9fc968f113eddcd4b7698ccc2d269765bf207',
        content_sha256='d0e8c9872590b87e3ff9f41a5a604d0b59eacf430e1824bace4aeb235234c183',
        source_sha256='3c9c079d1086bf3f56d9853777117d72966221b7ce5efde4fd30359fe6669529',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/credit-g.arff.gz': DataFile(
        path='uci/credit-g.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/credit.g.arff',),
        sha256='16ff3d5611a0f6e1a86e2da3f689e9c8167c59f8c76b9f2f0a3aa317393591bd',
        content_sha256='6d1f523994d114b7940bcb43e73c5d243ba5ae59846edfbcaab246afcd0c2976',
        source_sha256='177171ed80cfc816ef10a76813fa8f97695a6f7abab4d8435eb6ce0a65a37501',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/diabetes.arff.gz': DataFile(
        path='uci/diabetes.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/diabetes.arff',),
        sha256='a2d93b011c92c1ccc2f2eaf7c41746cec0bccb2c8de2272de56d6c6fc0d1dd67',
        content_sha256='4eddd5b2b64679e8888348e306520a393d6a28e1ddc9643cfb76fc5d912d6d40',
        source_sha256='d997e67d1d3768a253160c7eccd9504e1d2755c0a5b6ed79fdaba34220317efd',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/ecoli.arff.gz': DataFile(
        path='uci/ecoli.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/ecoli.arff',),
        sha256='8f2a57966b5e17ea1901ef5775931592187d3a02cd47c845d648c40148d86572',
        content_sha256='e360b534e4afdbe0e68afb4efc6d407f14db3fe84f5f9c524929ee9aaec82b65',
        source_sha256='1628f2d06962f257949eb04cd0101a1ce8718d35da52122242f1778ffbaecc5f',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/glass.arff.gz': DataFile(
        path='uci/glass.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/glass.arff',),
        sha256='438bb61fa3b4f330aa9ea2e5edd4b0c1ae9399af91c3a184928a2fcebf30c05c',
        content_sha256='1a25ef32fda9f5dac5b1e4222a4e7b3e76005d9785f3751e877ce900d84600b1',
        source_sha256='7666478791baf605953d43f670c2d24b6492dd6467b86520db9a93c5fd84c3d1',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/heart-h.arff.gz': DataFile(
        path='uci/heart-h.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/heart.h.arff',),
        sha256='a6062b456410e4d5e0f38d9178dc92b96629bbd6003c4f5c6b1960328d40095b',
        content_sha256='b8b409062bd4d9c0571740f944aeba3627a00bbe80073e7c5293d1139684565d',
        source_sha256='5d90c99b417dedec985b9a90df7d2f01ec1c49dea418fa613efe7f3ee491a291',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/heart-statlog.arff.gz': DataFile(
        path='uci/heart-statlog.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/heart.statlog.arff',),
        sha256='e674d535bb61c4d7ef249e8d8e3ecb7f8687c5cff361482b8c740da2dc5110db',
        content_sha256='1d936e9d0a0c30ee4ce0d384694065df18481d825cbc628210e7f29dab363557',
        source_sha256='1f850f58512d989c5309c197afd576435faef177ae1b53a12437a9eecee058c9',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/hepatitis.arff.gz': DataFile(
        path='uci/hepatitis.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/hepatitis.arff',),
        sha256='a30341bccfcc93c91a06c86ba762e9055fe1337ae9b771326a2d642e3d7f2071',
        content_sha256='e392547a2c2fe52b0cb2085c8416fd73bc17562fa9c61b906d7a4bf9e784c0da',
        source_sha256='4cf1419eaaf3a1b0f60aa739e4304ef92c542785205037b92dfc27000a10f16f',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/ionosphere.arff.gz': DataFile(
        path='uci/ionosphere.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/ionosphere.arff',),
        sha256='9cb9af12ece630e13a0feae85964b50c7494369d8fdba986ee8652ddf42d2c98',
        content_sha256='298bced6370dc4ac4fa8b5226410c9fcd61521f3c88ceb14200808b8319325cb',
        source_sha256='ac7813d87dcbd3ea8ea5addf6204909a74d89c4724d0f6e02c39f3eed13604fe',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/iris.arff.gz': DataFile(
        path='uci/iris.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/iris.arff',),
        sha256='284a90f1a1bada154e78be580695365b34d971a675009b0a037c512f540c5da4',
        content_sha256='7d34ba556497e9dc28335ea6628a37d1dbcba090a1ae20dc2de9c7032d199153',
        source_sha256='8337af8c82669892e870b8ce12740c919559b88a5f3c92e87097481b84581c89',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/labor.arff.gz': DataFile(
        path='uci/labor.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/labor.arff',),
        sha256='5708897a7a4383893c30b5ad377e4139c55b9a6fc05f74644da5799690a1734a',
        content_sha256='eff11b325e9f76db392f6389f10145b5c026e0896c6f2173bdb23ae098c458f3',
        source_sha256='6a90083726ada50f8a2bdf00cb8472551bee634ca2c2793bb40d319924af60d5',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/lymph.arff.gz': DataFile(
        path='uci/lymph.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/lymph.arff',),
        sha256='d49956d9e9e1bf5c244b5648e5abc475a3a64e94af6a093499f31474448dd456',
        content_sha256='eca155d42fad7268b1a7b19a5799aa81e64c433ba0b5535cf9b5da497cdbe040',
        source_sha256='37b279ae6ceafd224dd48c3fd8d3225b3798ea76a0f79e06b8b749af95477701',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/primary-tumor.arff.gz': DataFile(
        path='uci/primary-tumor.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/primary.tumor.arff',),
        sha256='44fe250e83e0a52e1da55a67262e22f04133f0610f48e6dfe6f086bf6291e0cc',
        content_sha256='3241fd2100a0b818fb610f1fb1d7e98dc468eae628aca48d98e2354ef060b806',
        source_sha256='1ee9f50c0ae0348b99005c6af71a3ed389af3d0187f98cca7b6e3911b95f28c3',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/sonar.arff.gz': DataFile(
        path='uci/sonar.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/sonar.arff',),
        sha256='58864a599d222d44b5b4dd981ea4df74f14b10e92ca2d452d5853ecc34396c53',
        content_sha256='bfd26fdabb55f092db0ad81642bd171b511b1cd48e3179a1c2262fb5dc87b944',
        source_sha256='658b3b78cde7662acef1b1f723ce7e8b3a32ec15536cb2b82272f3228cd66071',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/soybean.arff.gz': DataFile(
        path='uci/soybean.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/soybean.arff',),
        sha256='bb9cfe053b6aef19404a953559bd6189422c65af366d86907cefd05a1c014623',
        content_sha256='5645bcd667e9f9efa65a2a45aabb8ed7eb339d9b6e3fa6f7c92a58c4862f0227',
        source_sha256='ac4ff538ba013ab74e4c2753fec3d2cbdd27d733469937047d3f1ec5be481adc',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/vehicle.arff.gz': DataFile(
        path='uci/vehicle.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/vehicle.arff',),
        sha256='55e16abee6ef3bd3fd2ec1acdff5dcec1a50f704a9a06ae0a354f01fde57cc92',
        content_sha256='8a50320c17d74062622f0d28418c0f8803018a87ffc9bc039943f014db58cb42',
        source_sha256='c815585534f9e8c51c6cbe535770891744f5883081709f3a36a58bd419ce0994',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/vote.arff.gz': DataFile(
        path='uci/vote.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/vote.arff',),
        sha256='acab55238277d926e183f10214c9a0dfa9f315e04fe2747c31e7b14582ee9a17',
        content_sha256='ee647a77207729d73d02cea20646afcd274fe9de95711cbf9909c903636cd65f',
        source_sha256='d4317c3312a6dde5617b0b464ad6e02aef485b302625e5cb39c1e9eb01307fa4',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/vowel.arff.gz': DataFile(
        path='uci/vowel.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/vowel.arff',),
        sha256='93228c0f5a09c7fa8963a3af760f718c67224c82916c4a7dac09bf83291c8593',
        content_sha256='c602ac7e3ce2c38452f9e0d2987eaf5162ba06dff9ab7a42520ac3120052fe91',
        source_sha256='1c8e365b54edbd274ba24606291630a0c0bd9514710a2ce646bba30c03d82b50',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
    'uci/zoo.arff.gz': DataFile(
        path='uci/zoo.arff.gz',
        urls=('https://raw.githubusercontent.com/renatopp/arff-datasets/c59f172882592bb58982cc54d2d3c8a2b57e9b73/classification/zoo.arff',),
        sha256='632c50144465e28eae1dfdfd608529ad5e09957792401b2774625a7830645af0',
        content_sha256='1446ce0ef31a94fa37c1c6489835761238f6e0f4c350b975be2d51c5cf018066',
        source_sha256='8d60d393bb7c43109dbae1b062af09ae0b92a7b1f335298ca8c5bc63f326c909',
        crlf_to_lf=True,
        homepage='https://waikato.github.io/weka-wiki/datasets/',
    ),
}


@checks()
def list_files():
    """Every registered data file, as the relative paths :func:`~evalkit.datasets.fetch` accepts.

    Returns
    -------
    list of str
        The registered paths, sorted.

    Examples
    --------
    >>> len(list_files())
    53
    """
    return sorted(REGISTRY)


@checks(path=Text())
def info(path):
    """Registry entry of a data file: its URLs, sha256 and archive member.

    Parameters
    ----------
    path : str
        A registered relative path (see :func:`list_files`).

    Returns
    -------
    DataFile
        Its registry entry.

    Examples
    --------
    >>> info("uci/iris.arff.gz").sha256[:12]
    '284a90f1a1ba'
    """
    check_registered(path)
    return REGISTRY[path]


@checks(path=Text())
def check_registered(path):
    """Raise unless ``path`` is a registered relative path (a str); return it.

    Parameters
    ----------
    path : str
        A relative path.

    Returns
    -------
    str
        ``path``, when it is registered (ValueError naming close matches otherwise).

    Examples
    --------
    >>> check_registered("uci/iris.arff.gz")
    'uci/iris.arff.gz'
    """
    if path not in REGISTRY:
        close = [p for p in REGISTRY if Path(path).name.split(".")[0] in p]
        hint = f"; did you mean {close[:3]}?" if close else "; see evalkit.datasets.list_files()"
        raise ValueError(f"path {path!r} is not a registered data file{hint}")
    return path


GROUPS = ("labeled", "temporal", "uci")
"""The top-level folders of the registry: labelled networks, temporal networks, UCI ARFFs."""


def _dataset_name(path):
    parts = path.split("/")
    return parts[1] if len(parts) > 2 else parts[-1].split(".")[0]


DATASETS = {}
"""Data set name -> the registered paths of its files (sorted)."""
for _path in sorted(REGISTRY):
    DATASETS.setdefault(_dataset_name(_path), []).append(_path)
DATASETS = {name: tuple(paths) for name, paths in sorted(DATASETS.items(), key=lambda kv: kv[0].lower())}
del _path


@checks()
def list_datasets():
    """Every data set name, as ``evalkit datasets fetch NAME`` and :func:`dataset_files` accept.

    Returns
    -------
    list of str
        The names, sorted case-insensitively (``'citeseer'``, ``'CollegeMsg'``, ...).

    Examples
    --------
    >>> names = list_datasets()
    >>> len(names), "cora" in names, "iris" in names
    (42, True, True)
    """
    return list(DATASETS)


@checks(path=Text())
def dataset_of(path):
    """The data set a registered file belongs to.

    Parameters
    ----------
    path : str
        A registered relative path (see :func:`list_files`).

    Returns
    -------
    str
        The data set's name (see :func:`list_datasets`).

    Examples
    --------
    >>> dataset_of("labeled/cora/cora.cites.gz"), dataset_of("uci/iris.arff.gz")
    ('cora', 'iris')
    """
    check_registered(path)
    return _dataset_name(path)


@checks(name=Text())
def dataset_files(name):
    """The registered paths that ``name`` stands for: a data set, a group or one file.

    Parameters
    ----------
    name : str
        A data set name (``'cora'``, ``'iris'``, see :func:`list_datasets`), a group
        (``'uci'``, ``'temporal'``, ``'labeled'``) or a registered path
        (``'labeled/cora/cora.cites.gz'``, see :func:`list_files`).

    Returns
    -------
    list of str
        The registered paths, sorted.

    Examples
    --------
    >>> dataset_files("cora")
    ['labeled/cora/README', 'labeled/cora/cora.cites.gz', 'labeled/cora/cora.content.gz']
    >>> len(dataset_files("uci")), dataset_files("uci/iris.arff.gz")
    (27, ['uci/iris.arff.gz'])
    """
    if name in REGISTRY:
        return [name]
    if name in DATASETS:
        return list(DATASETS[name])
    if name.strip("/") in GROUPS:
        return [p for p in sorted(REGISTRY) if p.startswith(name.strip("/") + "/")]
    known = list(DATASETS) + list(GROUPS) + sorted(REGISTRY)
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    close += [k for k in known if name.lower() == k.lower() and k not in close]
    hint = f"; did you mean {close}?" if close else ""
    raise ValueError(f"name {name!r} is not a data set, a group ({', '.join(GROUPS)}) or a registered data "
                     f"file{hint} (`evalkit datasets list` shows them all)")
